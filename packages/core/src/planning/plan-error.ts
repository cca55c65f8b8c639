import { ArsenalError, type ArsenalErrorCode } from '../errors/arsenal-error.js';
import type { PlanIssue } from './plan-types.js';

/**
 * A plan or dependency graph that cannot be used as it is: a cycle, an unknown tool, a mapping
 * that points nowhere. `issues` locates each problem (`/steps/<id>/...`).
 */
export class PlanError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.PlanError');
  readonly issues: readonly PlanIssue[];

  constructor(
    message: string,
    options: { code?: ArsenalErrorCode; issues?: readonly PlanIssue[]; cause?: unknown } = {},
  ) {
    super(options.code ?? 'invalid_plan', message, { cause: options.cause });
    this.issues = options.issues ?? [];
  }
}
