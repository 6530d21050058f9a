/** Every string and number of a body, wherever it sits (the table suites check each reaches the table). */
export function leaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) leaves(item, out);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) leaves(item, out);
  return out;
}
