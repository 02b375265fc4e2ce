import { Model, snakeCaseMappers } from 'objection';

/** Base of every model: snake_case columns in the database, camelCase properties in code. */
export class BaseModel extends Model {
  static override get columnNameMappers() {
    return snakeCaseMappers();
  }
}
