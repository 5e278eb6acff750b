import * as v from 'valibot';

const MAX_FIELD_ERRORS = 20;

/**
 * A message for a validation issue that never quotes the value received: valibot's default messages do
 * ("… but received "4111…""), which would carry card data into responses and logs. The schemas' own
 * messages say what is expected and are kept.
 */
function safeIssueMessage(issue: v.BaseIssue<unknown>): string {
  if (!/^Invalid \w+: /.test(issue.message)) return issue.message;
  if (issue.received === 'undefined') return 'is required';
  if (issue.kind === 'schema') return `must be ${issue.type === 'object' ? 'an object' : `of type ${issue.expected ?? issue.type}`}`;
  return `is not valid (${issue.type})`;
}

/** Turns valibot issues into `{ "field.path": [safe messages] }`, at most 20 of them. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[], preset: Record<string, string[]> = {}): Record<string, string[]> {
  const errors: Record<string, string[]> = { ...preset };
  let count = 0;
  for (const issue of issues) {
    if (count++ >= MAX_FIELD_ERRORS) break;
    const field = v.getDotPath(issue) ?? (issue.type === 'object' && issue.expected?.startsWith('"') ? issue.expected.slice(1, -1) : '(body)');
    (errors[field] ??= []).push(safeIssueMessage(issue));
  }
  return errors;
}
