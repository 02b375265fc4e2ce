import { parse } from '@rsql/parser';
import type { Knex } from 'knex';
import { DomainError, ErrorCode, unknownSearchField } from '../errors.js';

/** The comparison operators hawkBit accepts, by their FIQL names. */
export type FiqlOperator = '==' | '!=' | '=lt=' | '=le=' | '=gt=' | '=ge=' | '=in=' | '=out=';

/** How one query field is compared. */
export interface FiqlField {
  /** column compared, qualified as the caller's query needs (e.g. 'targets.name'); unused with `condition` */
  readonly column?: string;
  /** string: case-insensitive compare, `*` wildcards; integer: numeric (epoch ms timestamps too); boolean: true/false */
  readonly kind: 'string' | 'integer' | 'boolean';
  /**
   * allowed values of an enum-like string field, matched case-insensitively and stored in lower case;
   * anything else → rsqlInvalidField, as in hawkBit
   */
  readonly values?: readonly string[];
  /**
   * For a field that is not a plain column (e.g. a tag name through a join table): adds the condition
   * itself, inside a group of its own, so it may add several clauses. `values` are the right-hand values
   * already validated for `kind` (enum values lower-cased, booleans 'true'/'false'); string values keep
   * their `*` wildcards, see {@link likePattern}.
   */
  readonly condition?: (builder: Knex.QueryBuilder, comparison: { operator: FiqlOperator; values: readonly string[] }) => void;
  /**
   * For a column of other rows (`column` is qualified with the subquery's names): the rows related to the
   * queried one (its tags, its assigned set…). `==`, `=in=` and the orderings keep a row when a related row
   * matches; `!=` and `=out=` when none does, so a row without related rows matches them, as hawkBit's left
   * joins do. An empty value (`==""`) matches a row without related rows or with one whose column is null or
   * empty; `!=""` the other rows.
   */
  readonly related?: RelatedRows;
  /**
   * With `related`, for one entry of a map (hawkBit's `metadata.<key>`): `!=` and `=out=` keep a row whose
   * entry exists and differs (null included), as hawkBit does, instead of a row without a matching entry.
   */
  readonly entry?: boolean;
  /**
   * A family of fields named `<name>.<key>` (hawkBit's map fields, `metadata.<key>`): the field for one key,
   * given as written in the query. `<name>` alone is an invalid field.
   */
  readonly keyed?: (key: string) => FiqlField;
}

/** Field name (lower case; aliases are extra keys pointing at the same FiqlField) → field. */
export type FiqlFields = Readonly<Record<string, FiqlField>>;

/**
 * The rows related to a queried row, compared as `owner in (select key from rows where …)`: an uncorrelated
 * subquery, which both databases evaluate once per query (a hashed set), where a correlated EXISTS per
 * comparison runs once per row and comparison (256 tag comparisons on an unanalysed PostgreSQL table took
 * 14 s, decision 34).
 */
export interface RelatedRows {
  /** The queried row's column the related rows point at (`targets.id`, `a.rollout_id`); may be null. */
  readonly owner: string;
  /** The related rows' column holding the owner's value, qualified with the subquery's names. */
  readonly key: string;
  /** Adds the FROM, joins and fixed conditions of the related rows to a subquery. */
  readonly rows: (subquery: Knex.QueryBuilder) => void;
}

type Expression = ReturnType<typeof parse>;
type Comparison = Extract<Expression, { type: 'COMPARISON' }>;
type Logic = Extract<Expression, { type: 'LOGIC' }>;
/** Adds one condition to `builder`, joined to the conditions before it by OR or by AND. */
type Condition = (builder: Knex.QueryBuilder, orWithPrevious: boolean) => void;
type Binding = string | number | boolean;
interface Sql {
  readonly sql: string;
  readonly bindings: readonly Binding[];
}

// @rsql/parser also lexes the symbolic spellings; cz.jirutka's parser, which hawkBit uses, accepts them too.
const OPERATORS = new Map<string, FiqlOperator>([
  ['==', '=='],
  ['!=', '!='],
  ['=in=', '=in='],
  ['=out=', '=out='],
  ['=lt=', '=lt='],
  ['<', '=lt='],
  ['=le=', '=le='],
  ['<=', '=le='],
  ['=gt=', '=gt='],
  ['>', '=gt='],
  ['=ge=', '=ge='],
  ['>=', '=ge='],
]);
/**
 * hawkBit's RsqlParser adds `=is=` (alias `=eq=`) and `=not=` (alias `=ne=`): `==` and `!=`, except that the
 * bare value `null` means SQL NULL instead of the string "null".
 */
const NULL_AWARE_OPERATORS = new Map<string, '==' | '!='>([
  ['=is=', '=='],
  ['=eq=', '=='],
  ['=not=', '!='],
  ['=ne=', '!='],
]);
const SQL_OPERATORS = { '==': '=', '!=': '<>', '=lt=': '<', '=le=': '<=', '=gt=': '>', '=ge=': '>=' } as const;
const LIKE_ESCAPES: Readonly<Record<string, string>> = { '\\*': '*', '\\': '\\\\', '%': '\\%', _: '\\_', '*': '%' };

/**
 * How big a query may be (decision 34). Far beyond any filter an operator writes (hawkBit stores at most
 * 1,024 characters of one), and well inside what SQLite compiles: an expression at most 1,000 deep, where
 * each `,` or `;` of a run adds a level.
 */
export const FIQL_LIMITS = {
  /** parentheses inside parentheses, a value list's own included */
  depth: 32,
  /** comparisons (`name==x`) in the whole query */
  comparisons: 256,
  /** values in the whole query, each of an `=in=`/`=out=` list counting */
  values: 1000,
} as const;

/**
 * Compiles an RSQL/FIQL query (hawkBit's `q` parameter) into a function that adds it to a knex query
 * builder as one condition, AND-ed with the builder's others. Every value is bound, never spliced into SQL.
 * @throws DomainError rsqlParamSyntax for a malformed query, one beyond {@link FIQL_LIMITS}, an unsupported
 *   operator or a value of the wrong type; rsqlInvalidField for an unknown field or a value outside an
 *   enum field's `values`.
 */
export function compileFiql(query: string, fields: FiqlFields): (builder: Knex.QueryBuilder) => void {
  // Before parsing: deep nesting costs the parser time, not stack, but it would cost SQLite its stack.
  if (parenthesisDepth(query) > FIQL_LIMITS.depth) throw syntaxError(`The query nests parentheses more than ${FIQL_LIMITS.depth} deep`);
  let expression: Expression;
  try {
    expression = parse(query);
  } catch (error) {
    throw syntaxError(`Invalid query: ${(error as Error).message}`);
  }
  assertWithinLimits(expression);
  // Bounded by the limits: a tree of at most 256 comparisons is at most 255 deep, so the recursion is too.
  const condition = compileExpression(expression, fields);
  return (builder) => condition(builder, false);
}

/**
 * The column and value of a query that is one `==` comparison of a column field with enumerated values
 * (`updatestatus==in_sync`), the value as the column stores it; undefined for any other query, a bad one
 * included (compileFiql reports those). Lets a caller answer from counts it keeps (decision 250).
 */
export function enumEquality(query: string, fields: FiqlFields): { column: string; value: string } | undefined {
  let expression: Expression;
  try {
    expression = parse(query);
  } catch {
    return undefined;
  }
  if (expression.type !== 'COMPARISON' || OPERATORS.get(expression.operator) !== '==' || typeof expression.right.value !== 'string') return undefined;
  const name = expression.left.selector.toLowerCase();
  const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (!field?.values || !field.column || field.condition || field.related) return undefined;
  const raw = expression.right.value.toLowerCase();
  const value = field.values.find((allowed) => allowed.toLowerCase() === raw);
  return value === undefined ? undefined : { column: field.column, value: value.toLowerCase() };
}

/** The deepest parenthesis nesting outside quoted values ('…' or "…", backslash escapes), in one pass. */
function parenthesisDepth(query: string): number {
  let depth = 0;
  let deepest = 0;
  for (let index = 0; index < query.length; index++) {
    const char = query[index];
    if (char === '(') deepest = Math.max(deepest, ++depth);
    else if (char === ')') depth--;
    else if (char === '"' || char === "'") {
      for (index++; index < query.length && query[index] !== char; index++) if (query[index] === '\\') index++;
    }
  }
  return deepest;
}

/** Counts comparisons and values with a stack of its own: the tree is as deep as the query is long. */
function assertWithinLimits(expression: Expression): void {
  let comparisons = 0;
  let values = 0;
  const pending: Expression[] = [expression];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.type === 'LOGIC') {
      pending.push(node.left, node.right);
      continue;
    }
    comparisons += 1;
    values += typeof node.right.value === 'string' ? 1 : node.right.value.length;
  }
  if (comparisons > FIQL_LIMITS.comparisons) throw syntaxError(`The query has ${comparisons} comparisons; at most ${FIQL_LIMITS.comparisons} are allowed`);
  if (values > FIQL_LIMITS.values) throw syntaxError(`The query has ${values} values; at most ${FIQL_LIMITS.values} are allowed`);
}

/**
 * Escapes a value for a LIKE pattern with a backslash as escape character (`like ? escape '\'`): `*`
 * becomes `%`, `\*` a literal star, and `%`, `_` and `\` match themselves, so a value without `*` gives an
 * exact-match pattern. Exported for {@link FiqlField.condition} implementations.
 */
export function likePattern(value: string): string {
  return value.replace(/\\\*|[\\%_*]/g, (token) => LIKE_ESCAPES[token] ?? token);
}

function compileExpression(expression: Expression, fields: FiqlFields): Condition {
  if (expression.type === 'COMPARISON') return compileComparison(expression, fields);
  const or = isOr(expression);
  const operands = operandsOf(expression, or).map((operand) => compileExpression(operand, fields));
  const group = (inner: Knex.QueryBuilder) => {
    for (const operand of operands) operand(inner, or);
  };
  return (builder, orWithPrevious) => {
    if (orWithPrevious) builder.orWhere(group);
    else builder.where(group);
  };
}

/** `a,b,c` parses as nested pairs; one flat group per run of the same operator keeps the SQL legible. */
function operandsOf(expression: Logic, or: boolean): Expression[] {
  return [expression.left, expression.right].flatMap((operand) => (operand.type === 'LOGIC' && isOr(operand) === or ? operandsOf(operand, or) : [operand]));
}

const isOr = (expression: Logic): boolean => expression.operator === ',' || expression.operator === 'or';

function compileComparison(comparison: Comparison, fields: FiqlFields): Condition {
  const name = comparison.left.selector;
  const field = fieldOf(fields, name);
  const nullAware = NULL_AWARE_OPERATORS.get(comparison.operator);
  const operator = nullAware ?? OPERATORS.get(comparison.operator);
  if (!operator) throw syntaxError(`Operator {${comparison.operator}} is not supported`);
  const raw = comparison.right.value;
  const values = typeof raw === 'string' ? [raw] : raw;
  if (nullAware && values.length === 1 && values[0] === 'null') return nullComparison(field, nullAware === '!=');
  const isList = operator === '=in=' || operator === '=out=';
  if (!isList && values.length !== 1) throw syntaxError(`Operator {${comparison.operator}} on {${name}} takes exactly one value`);
  const checked = values.map((value) => checkValue(name, field, operator, value));
  let add: (builder: Knex.QueryBuilder) => void;
  if (field.condition) {
    const { condition } = field;
    add = (inner) => condition(inner, { operator, values: checked });
  } else if (field.related) {
    add = relatedCondition(field, field.related, operator, checked);
  } else {
    const plain = sqlOf(field, operator, checked);
    const ranged = withPrefixRange(field, operator, checked, plain);
    return (builder, orWithPrevious) => {
      const { sql, bindings } = ranged !== undefined && builder.client.config.client !== 'pg' ? ranged : plain;
      if (orWithPrevious) builder.orWhereRaw(sql, bindings);
      else builder.whereRaw(sql, bindings);
    };
  }
  return (builder, orWithPrevious) => {
    if (orWithPrevious) builder.orWhere(add);
    else builder.where(add);
  };
}

/**
 * `=is=null` and `=not=null` (hawkBit's SpecificationBuilder: `is null`, `is not null`). A related field is
 * null for a row without related rows or with one whose column is null, as hawkBit's left join reads it, so
 * `tag=is=null` keeps untagged rows and `metadata.<key>=is=null` rows without the entry. A condition field
 * is computed from columns that are never null: nothing is null, everything is not.
 */
function nullComparison(field: FiqlField, negate: boolean): Condition {
  const operator = negate ? '!=' : '==';
  let add: (builder: Knex.QueryBuilder) => void;
  if (field.condition) add = (inner) => void inner.whereRaw(negate ? '1 = 1' : '1 = 0');
  else if (field.related) add = relatedCondition(field, field.related, operator, null);
  else add = (inner) => void (negate ? inner.whereNotNull(columnOf(field)) : inner.whereNull(columnOf(field)));
  return (builder, orWithPrevious) => {
    if (orWithPrevious) builder.orWhere(add);
    else builder.where(add);
  };
}

/** The field a query names: an own key (case-insensitive), or `<name>.<key>` of a keyed family. */
function fieldOf(fields: FiqlFields, name: string): FiqlField {
  const lower = name.toLowerCase();
  const exact = Object.hasOwn(fields, lower) ? fields[lower] : undefined;
  if (exact?.keyed) {
    throw new DomainError(ErrorCode.rsqlInvalidField, `The search parameter field {${name}} needs a key: ${lower}.<key>`);
  }
  if (exact) return exact;
  const dot = lower.indexOf('.');
  const family = dot > 0 && Object.hasOwn(fields, lower.slice(0, dot)) ? fields[lower.slice(0, dot)] : undefined;
  if (family?.keyed && dot < name.length - 1) return family.keyed(name.slice(dot + 1));
  const names = Object.entries(fields).map(([key, field]) => (field.keyed ? `${key}.<key>` : key));
  throw unknownSearchField(name, names);
}

/** The comparison of a column field, as SQL with its bindings. */
function sqlOf(field: FiqlField, operator: FiqlOperator, checked: readonly string[]): Sql {
  const column = columnOf(field);
  const typed = field.kind === 'integer' ? checked.map(Number) : field.kind === 'boolean' ? checked.map((value) => value === 'true') : checked;
  return field.kind === 'string' && !field.values ? compareString(column, operator, checked) : compare(column, operator, typed, false);
}

/**
 * For SQLite, a string `==` with a leading literal (`name==bench-000*`) as its LIKE and a range of the
 * lower-cased column that an index of `lower(column)` answers (decision 250): SQLite reads no index for a
 * LIKE on an expression. lower() and LIKE fold ASCII only there, so the column lower-cased starts with the
 * literal lower-cased in ASCII exactly when it lies between that literal and the literal with its last
 * character one higher (the column's BINARY order is the code points'). PostgreSQL reads its
 * `text_pattern_ops` index for the LIKE itself, and its `<` follows the collation: it keeps the LIKE alone.
 */
function withPrefixRange(field: FiqlField, operator: FiqlOperator, checked: readonly string[], like: Sql): Sql | undefined {
  const value = checked[0];
  if (field.kind !== 'string' || field.values || operator !== '==' || value === undefined || !like.sql.includes(' like ')) return undefined;
  let prefix = '';
  for (let index = 0; index < value.length && value[index] !== '*'; index++) {
    if (value[index] === '\\' && value[index + 1] === '*') index++;
    prefix += value[index];
  }
  prefix = prefix.replace(/[A-Z]/g, (char) => char.toLowerCase());
  const points = [...prefix];
  const last = points.pop()?.codePointAt(0);
  if (last === undefined) return undefined;
  const column = columnOf(field);
  const from = { sql: `(${like.sql} and lower(??) >= ?`, bindings: [...like.bindings, column, prefix] };
  if (last === 0x10ffff) return { sql: `${from.sql})`, bindings: from.bindings };
  const above = points.join('') + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
  return { sql: `${from.sql} and lower(??) < ?)`, bindings: [...from.bindings, column, above] };
}

function columnOf(field: FiqlField): string {
  if (!field.column) throw new TypeError('A FIQL field has neither a column nor a condition');
  return field.column;
}

/** A comparison on related rows, see {@link FiqlField.related}; `values` null for `=is=null`/`=not=null`. */
function relatedCondition(
  field: FiqlField,
  related: RelatedRows,
  operator: FiqlOperator,
  values: readonly string[] | null,
): (builder: Knex.QueryBuilder) => void {
  const { owner, key, rows } = related;
  const keys = (subquery: Knex.QueryBuilder) => void rows(subquery.select(key));
  const matching = (op: FiqlOperator) => (subquery: Knex.QueryBuilder) => {
    keys(subquery);
    if (values === null) subquery.whereNull(columnOf(field));
    else {
      const { sql, bindings } = sqlOf(field, op, values);
      subquery.whereRaw(sql, bindings);
    }
  };
  const within = (subquery: (subquery: Knex.QueryBuilder) => void) => (builder: Knex.QueryBuilder) => void builder.whereIn(owner, subquery);
  // NOT IN is unknown for a null owner and for a null key: the owner without related rows is kept explicitly.
  const outside = (subquery: (subquery: Knex.QueryBuilder) => void) => (builder: Knex.QueryBuilder) =>
    void builder.whereNull(owner).orWhereNotIn(owner, (inner) => {
      subquery(inner);
      inner.whereNotNull(key);
    });
  const negated = operator === '!=' || operator === '=out=';
  if (values === null || (field.kind === 'string' && !field.values && (operator === '==' || operator === '!=') && values[0] === '')) {
    // `==""` means no related row or one null or empty, `=is=null` no related row or one null.
    const noneOrEmpty = (builder: Knex.QueryBuilder) => void builder.where(outside(keys)).orWhere(within(matching('==')));
    return negated ? (builder) => void builder.whereNot(noneOrEmpty) : noneOrEmpty;
  }
  if (negated && !field.entry) return outside(matching(operator === '!=' ? '==' : '=in='));
  return within(matching(operator));
}

function checkValue(name: string, field: FiqlField, operator: FiqlOperator, value: string): string {
  if (field.kind === 'integer') {
    if (!/^[+-]?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw syntaxError(`The value {${value}} of field {${name}} is not an integer`);
    }
    return value;
  }
  if (field.kind === 'boolean') {
    const lower = value.toLowerCase();
    if (operator !== '==' && operator !== '!=') throw syntaxError(`Operator {${operator}} is not supported on the boolean field {${name}}`);
    if (lower !== 'true' && lower !== 'false') throw syntaxError(`The value {${value}} of field {${name}} is not true or false`);
    return lower;
  }
  if (!field.values) return value;
  if (!field.condition && operator !== '==' && operator !== '!=' && operator !== '=in=' && operator !== '=out=') {
    throw syntaxError(`Operator {${operator}} is not supported on the enum field {${name}}`);
  }
  const match = field.values.find((allowed) => allowed.toLowerCase() === value.toLowerCase());
  if (match === undefined) {
    // hawkBit reports a value outside an enum as an unsupported field, not as a syntax error.
    throw new DomainError(
      ErrorCode.rsqlInvalidField,
      `The value {${value}} of field {${name}} must be one of the following values [${field.values.join(', ')}]`,
    );
  }
  return match.toLowerCase();
}

/**
 * A plain comparison; `lower` makes it case-insensitive. lower() runs on both sides in SQL rather than
 * lower-casing the value in JavaScript: SQLite's lower() folds ASCII only, so folding the value alone would
 * stop 'Ä' from matching a stored 'Ä'. As in hawkBit, `!=` and `=out=` also match NULL.
 */
function compare(column: string, operator: FiqlOperator, values: readonly Binding[], lower: boolean): Sql {
  const left = lower ? 'lower(??)' : '??';
  const right = lower ? 'lower(?)' : '?';
  const list = values.map(() => right).join(', ');
  switch (operator) {
    case '=in=':
      return { sql: `${left} in (${list})`, bindings: [column, ...values] };
    case '=out=':
      return { sql: `(?? is null or ${left} not in (${list}))`, bindings: [column, column, ...values] };
    case '!=':
      return { sql: `(?? is null or ${left} <> ${right})`, bindings: [column, column, ...values] };
    default:
      return { sql: `${left} ${SQL_OPERATORS[operator]} ${right}`, bindings: [column, ...values] };
  }
}

/** String `==`/`!=` add hawkBit's `*` wildcards and its reading of an empty value as "null or empty". */
function compareString(column: string, operator: FiqlOperator, values: readonly string[]): Sql {
  const value = values[0] ?? '';
  if (operator !== '==' && operator !== '!=') return compare(column, operator, values, true);
  const negate = operator === '!=';
  if (value === '') {
    return { sql: negate ? `(?? is not null and ?? <> '')` : `(?? is null or ?? = '')`, bindings: [column, column] };
  }
  if (!value.replace(/\\\*/g, '').includes('*')) return compare(column, operator, [value.replace(/\\\*/g, '*')], true);
  const like = `lower(??) like lower(?) escape '\\'`;
  return negate
    ? { sql: `(?? is null or not ${like})`, bindings: [column, column, likePattern(value)] }
    : { sql: like, bindings: [column, likePattern(value)] };
}

function syntaxError(message: string): DomainError {
  return new DomainError(ErrorCode.rsqlParamSyntax, message);
}
