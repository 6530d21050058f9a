export async function main(
  _argv: readonly string[],
  _env: Readonly<Record<string, string | undefined>>,
): Promise<number> {
  return 2;
}
