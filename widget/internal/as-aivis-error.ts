/**
 * Any thrown value as an AivisError, so events and the error box always see
 * the same shape. Apart from the error wording (error-messages.ts), which
 * loads later (explanations-loader.ts).
 */
import { AivisError, isAivisError } from '../../shared/http/errors.js';

export function asAivisError(error: unknown): AivisError {
  if (error instanceof AivisError) return error;
  if (isAivisError(error)) return new AivisError((error as AivisError).toJSON());
  return new AivisError({
    code: 'contract_error',
    status: 0,
    message: error instanceof Error ? error.message : 'Unexpected failure',
  });
}
