import { Model, snakeCaseMappers, type Pojo } from 'objection';

/** Base of every model: snake_case columns in the database, camelCase properties in code. */
export class BaseModel extends Model {
  /** properties stored as booleans; SQLite hands them back as 0/1 */
  static booleanProperties: readonly string[] = [];

  static override get columnNameMappers() {
    return snakeCaseMappers();
  }

  override $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    for (const property of (this.constructor as typeof BaseModel).booleanProperties) {
      if (typeof parsed[property] === 'number') parsed[property] = parsed[property] !== 0;
    }
    return parsed;
  }
}
