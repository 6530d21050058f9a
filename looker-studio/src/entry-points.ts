/**
 * The functions Looker Studio calls by name, with what the generated JSDoc
 * says of each. Pure data, read by the build (scripts/looker-studio/entry.ts);
 * scripts/looker-studio/contract.ts checks every name is an export of main.ts.
 */
export const CONNECTOR_FUNCTIONS = [
  {
    name: 'getAuthType',
    params: [],
    doc: 'Looker Studio: how people authenticate. KEY: each person pastes a personal access token of the AI Visibility service.',
    returns: '{Object} The auth type response.',
  },
  {
    name: 'isAuthValid',
    params: [],
    doc: 'Looker Studio: whether a token is stored for this person and the service still accepts it.',
    returns: '{boolean} True when the stored token works.',
  },
  {
    name: 'setCredentials',
    params: [{ name: 'request', type: 'Object', doc: 'The pasted token as request.key.' }],
    doc: 'Looker Studio: checks a pasted token with GET /projects and keeps it in user properties.',
    returns: '{Object} errorCode NONE, or INVALID_CREDENTIALS when the token is not accepted.',
  },
  {
    name: 'resetAuth',
    params: [],
    doc: 'Looker Studio: forgets this person’s token.',
    returns: '',
  },
  {
    name: 'getConfig',
    params: [{ name: 'request', type: 'Object', doc: 'The config parameters chosen so far.' }],
    doc: 'Looker Studio: the data source options: project, report and the parameters the report takes.',
    returns: '{Object} The config.',
  },
  {
    name: 'getSchema',
    params: [{ name: 'request', type: 'Object', doc: 'The data source’s config parameters.' }],
    doc: 'Looker Studio: the report’s fields, derived from the API’s schemas.',
    returns: '{Object} The schema response.',
  },
  {
    name: 'getData',
    params: [
      {
        name: 'request',
        type: 'Object',
        doc: 'Config parameters, requested fields and the date range.',
      },
    ],
    doc: 'Looker Studio: the report’s rows for the date range, with the requested fields in the requested order.',
    returns: '{Object} The data response.',
  },
  {
    name: 'isAdminUser',
    params: [],
    doc: 'Looker Studio: whether this person sees the technical detail of errors (script property AIVIS_ADMIN_EMAILS).',
    returns: '{boolean} True for the connector’s administrators.',
  },
] as const;

export type ConnectorFunctionName = (typeof CONNECTOR_FUNCTIONS)[number]['name'];
