/** GET /projects/{project}/answers (data-api 4.3): stored answers joined with their judgments. */

import type { Platform, ReportPeriod } from '../../shared/api/vocabulary.js';
import { pageSizeOf } from '../../shared/client/paging.js';
import { answerText, questionTextOn, type StoredAnswer } from '../data/answers.js';
import { answersIn, customPeriod, periodObject, resolvePeriod } from '../data/periods.js';
import { tradeOf } from '../data/trades.js';
import { checkPromptId, type Handler, paginate, projectOf } from './common.js';

/** data-api 4.3: only_flagged keeps negative, drawback or off-topic answers. */
export const isFlagged = (answer: StoredAnswer) =>
  answer.brand_sentiment === 'negative' ||
  answer.brand_drawback !== null ||
  answer.on_topic === false;

export const answersHandler: Handler<'answers'> = (context) => {
  const data = projectOf(context);
  const query = context.query;
  const promptErrors = checkPromptId(data, query.prompt_id);
  if (promptErrors) return { errors: promptErrors };

  // data-api 4.3: period is ignored when since or until is given.
  const period =
    query.since !== undefined || query.until !== undefined
      ? customPeriod(data, query.since as string | undefined, query.until as string | undefined)
      : resolvePeriod(data, query.period as ReportPeriod);
  const platform = query.platform as Platform | undefined;
  const prominenceMax = query.prominence_max as number | undefined;
  const rows = answersIn(data, period).filter(
    (answer) =>
      (query.prompt_id === undefined || answer.prompt_id === query.prompt_id) &&
      (platform === undefined || answer.platform === platform) &&
      (prominenceMax === undefined ||
        (answer.prominence_level !== null && answer.prominence_level <= prominenceMax)) &&
      (query.only_flagged !== true || isFlagged(answer)),
  );

  const withText = query.include_answer_text === true;
  // data-api 4.3 rule 2: text caps the page at 20 rows (the limit rule's pageCapWhen).
  const limit = pageSizeOf('answers', query) ?? (query.limit as number);
  const maxChars = query.max_answer_chars as number;
  const questions = new Map(data.questions.map((question) => [question.id, question]));
  // The text the check asked: a question changed later keeps its old text on older checks.
  const askedBy = (answer: StoredAnswer) => {
    const question = questions.get(answer.prompt_id);
    return question ? questionTextOn(question, answer.day) : '';
  };
  const page = paginate(rows, query.offset as number, limit);
  return {
    body: {
      answers: page.rows.map((answer) => {
        const { day: _day, text: _text, ...row } = answer;
        if (!withText) return row;
        // Count characters, not UTF-16 units, so an emoji is never cut in half.
        const chars = Array.from(answerText(answer, askedBy(answer), tradeOf(data.spec).filler));
        const truncated = chars.length > maxChars;
        return {
          ...row,
          answer_text: chars.slice(0, maxChars).join(''),
          answer_text_truncated: truncated,
        };
      }),
      pagination: page.pagination,
      period: periodObject(period),
    },
  };
};
