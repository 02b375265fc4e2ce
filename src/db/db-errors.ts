import { DomainError, ErrorCode } from '../errors.js';

/**
 * The one place where driver errors become domain errors: pg reports SQLSTATE codes, better-sqlite3 its
 * extended result codes; knex passes both on as they are.
 */
export function translateDatabaseError(error: unknown): DomainError | undefined {
  const { code, message } = error as { code?: unknown; message?: unknown };
  // An ON DELETE RESTRICT violation arrives from SQLite as SQLITE_CONSTRAINT_TRIGGER.
  const sqliteForeignKey = typeof message === 'string' && message.includes('FOREIGN KEY constraint failed');
  switch (sqliteForeignKey ? 'SQLITE_CONSTRAINT_FOREIGNKEY' : code) {
    case '23505':
    case 'SQLITE_CONSTRAINT_UNIQUE':
    case 'SQLITE_CONSTRAINT_PRIMARYKEY':
      return new DomainError(ErrorCode.entityAlreadyExists, 'The given entity already exists in database');
    // Serialization failure and deadlock (after inTransaction's retries, decision 40), and a broken reference:
    // services check references inside their transactions, so another request changed one in between.
    case '40001':
    case '40P01':
    case '23503':
    case 'SQLITE_CONSTRAINT_FOREIGNKEY':
      return new DomainError(ErrorCode.concurrentModification, 'The given entity has been changed by another user/session');
    default:
      return undefined;
  }
}
