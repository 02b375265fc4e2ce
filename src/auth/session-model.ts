import { BaseModel } from '../db/base-model.js';

/** A console login. Only the SHA-256 of the cookie value is stored, so a database leak leaks no session. */
export class SessionModel extends BaseModel {
  static override tableName = 'sessions';
  static override idColumn = 'token_hash';

  tokenHash!: string;
  username!: string;
  createdAt!: number;
  expiresAt!: number;
}
