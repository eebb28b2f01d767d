// Drizzle writes the columns of a one-table select list bare ("id"), also where they are interpolated into a
// sql`` subquery of that list, and there a bare name resolves to the subquery's own table when it has a column
// of that name: `(select … from order_lines l where l.order_id = "id")` compares a line with itself.
import { getTableName, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';

/** The column with its table's name ("orders"."id"), for correlated subqueries in a select list. */
export function qualified(column: AnyColumn): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}
