/**
 * A question's series (docs/ledger.md, "Versions, not overwrites"): the
 * service keeps a question's id when its text changes and starts a new
 * history, so the ledger keys a series by the id and a hash of the text,
 * keeps each series with the days it was current, and files each check under
 * the series current on its check day.
 */
import type { SqlQueries, SqlRow } from './driver.js';
import { insertRows } from './insert-rows.js';
import { tableNamed } from './tables.js';

/** A question text not seen before starts a series and closes the question's current one. */
export async function versionQuestions(
  driver: SqlQueries,
  projectId: number,
  day: string,
  questions: readonly SqlRow[],
): Promise<void> {
  const known = new Set(
    (
      await driver.all('SELECT question_series FROM questions WHERE project_id = $1', [projectId])
    ).map((row) => String(row.question_series)),
  );
  const fresh = questions.filter((question) => !known.has(String(question.question_series)));
  for (const question of fresh)
    await driver.run(
      'UPDATE questions SET valid_to = $3 WHERE project_id = $1 AND prompt_id = $2 AND valid_to IS NULL AND valid_from < $3',
      [projectId, question.prompt_id as number, day],
    );
  await insertRows(
    driver,
    tableNamed('questions')!,
    fresh.map((question) => ({
      ...question,
      project_id: projectId,
      valid_from: day,
      valid_to: null,
    })),
  );
}

/**
 * The series of the text a check asked: the question's series that was
 * current on the check's day (a check before a change keeps the old text's
 * series), else the one the report names today.
 */
export async function fileUnderAskedSeries(
  driver: SqlQueries,
  projectId: number,
  answers: Array<SqlRow & { check_day: string }>,
): Promise<void> {
  const versions = await driver.all(
    'SELECT prompt_id, question_series, valid_from, valid_to FROM questions WHERE project_id = $1',
    [projectId],
  );
  for (const answer of answers) {
    const asked = versions.find(
      (version) =>
        version.prompt_id === answer.prompt_id &&
        String(version.valid_from) <= answer.check_day &&
        (version.valid_to === null || answer.check_day < String(version.valid_to)),
    );
    if (asked) answer.question_series = asked.question_series as string;
  }
}
