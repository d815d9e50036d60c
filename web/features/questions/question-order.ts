import type { QuestionPlacement } from '../../../domain/question/schemas';

// Reordering with move up / move down buttons: no drag-and-drop package is installed, and buttons work from the
// keyboard and with a screen reader as they are (docs/events.md "Questions").

type Placed = { uuid: string; position: number };

export type MoveDirection = 'up' | 'down';

/**
 * The bulk-reorder body that moves the question at `index` one place up or down in the list on screen: it swaps
 * positions with its visible neighbour, so questions hidden from this list (the other status, another search)
 * stay where they are. Null at either end of the list.
 */
export function moveQuestion(rows: readonly Placed[], index: number, direction: MoveDirection): QuestionPlacement[] | null {
  const moving = rows[index];
  const neighbour = rows[direction === 'up' ? index - 1 : index + 1];
  if (!moving || !neighbour) return null;
  return [
    { uuid: moving.uuid, position: neighbour.position },
    { uuid: neighbour.uuid, position: moving.position },
  ];
}

/** The list with the placements applied, in position order (what the server will answer, shown at once). */
export function placeQuestions<Row extends Placed>(rows: readonly Row[], placements: readonly QuestionPlacement[]): Row[] {
  const positions = new Map(placements.map((p) => [p.uuid, p.position]));
  return rows
    .map((row) => (positions.has(row.uuid) ? { ...row, position: positions.get(row.uuid)! } : row))
    .sort((a, b) => a.position - b.position);
}
