/** JSON values in document properties: imports, status and schedule of this spreadsheet. */
export function readJson<T>(key: string, fallback: T): T {
  const text = PropertiesService.getDocumentProperties().getProperty(key);
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  PropertiesService.getDocumentProperties().setProperty(key, JSON.stringify(value));
}
