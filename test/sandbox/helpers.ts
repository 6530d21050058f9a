/** Plain-fetch helpers for the sandbox suites. */
export const ENTRY = 'aivis_test_entry';
export const PRO = 'aivis_test_pro';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: bodies are checked against schemas or field by field
  body: any;
}

export async function api(
  baseUrl: string,
  path: string,
  token: string | null = ENTRY,
  init: RequestInit = {},
): Promise<ApiAnswer> {
  const headers = new Headers(init.headers);
  if (token !== null) headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : null,
  };
}
