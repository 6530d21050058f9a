/**
 * A small fake of DataStudioApp (Apps Script's Looker Studio service), faithful
 * to the builder API the reference documents: enums as their names, chained
 * setters, build() giving the JSON Looker Studio reads, and the mistakes the
 * real service refuses (a field without id or type, duplicate ids, a type or
 * aggregation outside the enums, a data row whose width differs from the
 * fields, a non-text value, a config parameter without id). A user error
 * throws an UserErrorThrown carrying its text and debug text.
 */

const enumOf = <const K extends string>(names: readonly K[]) =>
  Object.freeze(Object.fromEntries(names.map((name) => [name, name]))) as Readonly<Record<K, K>>;

export const FIELD_TYPES = [
  'YEAR',
  'YEAR_QUARTER',
  'YEAR_MONTH',
  'YEAR_WEEK',
  'YEAR_MONTH_DAY',
  'YEAR_MONTH_DAY_HOUR',
  'YEAR_MONTH_DAY_MINUTE',
  'YEAR_MONTH_DAY_SECOND',
  'QUARTER',
  'MONTH',
  'WEEK',
  'MONTH_DAY',
  'DAY_OF_WEEK',
  'DAY',
  'HOUR',
  'MINUTE',
  'DURATION',
  'COUNTRY',
  'COUNTRY_CODE',
  'CONTINENT',
  'CONTINENT_CODE',
  'SUB_CONTINENT',
  'SUB_CONTINENT_CODE',
  'REGION',
  'REGION_CODE',
  'CITY',
  'CITY_CODE',
  'METRO',
  'METRO_CODE',
  'LATITUDE_LONGITUDE',
  'NUMBER',
  'PERCENT',
  'TEXT',
  'BOOLEAN',
  'URL',
  'HYPERLINK',
  'IMAGE',
  'IMAGELINK',
  'CURRENCY_USD',
  'CURRENCY_EUR',
] as const;
export const AGGREGATION_TYPES = [
  'AVG',
  'COUNT',
  'COUNT_DISTINCT',
  'MAX',
  'MIN',
  'SUM',
  'AUTO',
  'NO_AGGREGATION',
] as const;
const AUTH_TYPES = [
  'NONE',
  'OAUTH2',
  'USER_PASS',
  'KEY',
  'USER_TOKEN',
  'PATH_USER_PASS',
  'PATH_KEY',
] as const;

/** Looker Studio's data types behind the semantic types. */
const NUMERIC = new Set(['NUMBER', 'PERCENT', 'DURATION', 'YEAR_QUARTER']);
const dataTypeOf = (type: string) =>
  type === 'BOOLEAN'
    ? 'BOOLEAN'
    : NUMERIC.has(type) || type.startsWith('CURRENCY_')
      ? 'NUMBER'
      : 'STRING';

export class UserErrorThrown extends Error {
  constructor(
    readonly text: string,
    readonly debugText: string,
  ) {
    super(text);
    this.name = 'UserErrorThrown';
  }
}

export interface FieldJson {
  name: string;
  label: string;
  description?: string;
  dataType: string;
  semantics: { conceptType: 'DIMENSION' | 'METRIC'; semanticType: string };
  defaultAggregationType?: string;
}

type Check = (value: unknown) => void;
const oneOf =
  (what: string, values: readonly string[]): Check =>
  (value) => {
    if (!values.includes(String(value)))
      throw new Error(`Exception: Invalid argument: ${what} ${String(value)}`);
  };

/**
 * A builder as Apps Script's are: `setX(value)` stores value under `key` and
 * returns the builder, after the check a setter has. `extra` adds methods
 * that see the builder.
 */
function chain<B extends object>(
  state: Record<string, unknown>,
  setters: Record<string, [key: string, check?: Check]>,
  extra: (builder: Record<string, unknown>) => B,
) {
  const builder: Record<string, unknown> = {};
  for (const [method, [key, check]] of Object.entries(setters)) {
    builder[method] = (value: unknown) => {
      check?.(value);
      state[key] = value;
      return builder;
    };
  }
  return Object.assign(builder, extra(builder)) as Record<string, (...args: never[]) => unknown> &
    B;
}

function fakeField(concept: 'DIMENSION' | 'METRIC') {
  const state: Record<string, unknown> = {};
  return chain(
    state,
    {
      setId: ['id'],
      setName: ['name'],
      setDescription: ['description'],
      setType: ['type', oneOf('type', FIELD_TYPES)],
      setAggregation: ['aggregation', oneOf('aggregation', AGGREGATION_TYPES)],
    },
    () => ({
      getId: () => (state.id as string | undefined) ?? null,
      getType: () => (state.type as string | undefined) ?? null,
      isDimension: () => concept === 'DIMENSION',
      isMetric: () => concept === 'METRIC',
      toJson(): FieldJson {
        const { id, name, description, type, aggregation } = state as Record<
          string,
          string | undefined
        >;
        if (!id) throw new Error('Exception: A field has no id (setId).');
        if (!type) throw new Error(`Exception: Field ${id} has no type (setType).`);
        return {
          name: id,
          label: name ?? id,
          ...(description ? { description } : {}),
          dataType: dataTypeOf(type),
          semantics: { conceptType: concept, semanticType: type },
          ...(aggregation ? { defaultAggregationType: aggregation } : {}),
        };
      },
    }),
  );
}
type FakeField = ReturnType<typeof fakeField>;

class FakeFields {
  readonly list: FakeField[] = [];
  newDimension() {
    const field = fakeField('DIMENSION');
    this.list.push(field);
    return field;
  }
  newMetric() {
    const field = fakeField('METRIC');
    this.list.push(field);
    return field;
  }
  asArray = () => [...this.list];
  getFieldById = (id: string) => this.list.find((field) => field.getId() === id) ?? null;
  forIds(ids: string[]) {
    const subset = new FakeFields();
    subset.list.push(...this.list.filter((field) => ids.includes(field.getId() ?? '')));
    return subset;
  }
  build(): FieldJson[] {
    const json = this.list.map((field) => field.toJson());
    const seen = new Set<string>();
    for (const field of json) {
      if (seen.has(field.name)) throw new Error(`Exception: Duplicate field id ${field.name}.`);
      seen.add(field.name);
    }
    return json;
  }
}

export interface ConfigParamJson {
  type: string;
  name: string;
  displayName?: string;
  helpText?: string;
  isDynamic?: boolean;
  text?: string;
  options?: Array<{ label: string; value: string }>;
}

/** What each option builder holds, for addOption to read. */
const OPTIONS = new WeakMap<object, { label?: string; value?: string }>();

function configParam(type: string, store: ConfigParamJson[]) {
  const param: ConfigParamJson = { type, name: '' };
  store.push(param);
  return chain(
    param as unknown as Record<string, unknown>,
    {
      setId: ['name'],
      setName: ['displayName'],
      setHelpText: ['helpText'],
      setIsDynamic: ['isDynamic'],
      setAllowOverride: ['allowOverride'],
      setPlaceholder: ['placeholder'],
      setText: ['text'],
    },
    (builder) => ({
      addOption(optionBuilder: object) {
        const option = OPTIONS.get(optionBuilder) ?? {};
        if (!option.label || option.value === undefined)
          throw new Error('Exception: An option needs a label and a value.');
        param.options = [...(param.options ?? []), { label: option.label, value: option.value }];
        return builder;
      },
    }),
  );
}

function fakeConfig() {
  const params: ConfigParamJson[] = [];
  const flags: Record<string, unknown> = { dateRangeRequired: false, isSteppedConfig: false };
  return chain(
    flags,
    { setDateRangeRequired: ['dateRangeRequired'], setIsSteppedConfig: ['isSteppedConfig'] },
    () => ({
      newSelectSingle: () => configParam('SELECT_SINGLE', params),
      newSelectMultiple: () => configParam('SELECT_MULTIPLE', params),
      newTextInput: () => configParam('TEXTINPUT', params),
      newTextArea: () => configParam('TEXTAREA', params),
      newCheckbox: () => configParam('CHECKBOX', params),
      newInfo: () => configParam('INFO', params),
      newOptionBuilder() {
        const option: { label?: string; value?: string } = {};
        const builder = chain(option, { setLabel: ['label'], setValue: ['value'] }, () => ({}));
        OPTIONS.set(builder, option);
        return builder;
      },
      build() {
        const ids = new Set<string>();
        for (const param of params) {
          if (!param.name) throw new Error('Exception: A config parameter has no id (setId).');
          if (ids.has(param.name)) throw new Error(`Exception: Duplicate config id ${param.name}.`);
          ids.add(param.name);
        }
        return { configParams: params, ...flags };
      },
    }),
  );
}

export function fakeDataStudioApp() {
  const connector = () => ({
    AuthType: enumOf(AUTH_TYPES),
    FieldType: enumOf(FIELD_TYPES),
    AggregationType: enumOf(AGGREGATION_TYPES),
    getConfig: fakeConfig,
    getFields: () => new FakeFields(),
    newAuthTypeResponse() {
      const auth: Record<string, unknown> = {};
      return chain(
        auth,
        { setAuthType: ['type', oneOf('authType', AUTH_TYPES)], setHelpUrl: ['helpUrl'] },
        () => ({ build: () => ({ ...auth }) }),
      );
    },
    newGetSchemaResponse() {
      const state: { fields?: FakeFields } = {};
      return chain(state, { setFields: ['fields'] }, () => ({
        build: () => ({ schema: (state.fields ?? new FakeFields()).build() }),
      }));
    },
    newGetDataResponse() {
      const state: { fields?: FakeFields; filtersApplied?: boolean } = {};
      const rows: string[][] = [];
      return chain(
        state,
        { setFields: ['fields'], setFiltersApplied: ['filtersApplied'] },
        (builder) => ({
          addRow(row: string[]) {
            rows.push(row);
            return builder;
          },
          addAllRows(all: string[][]) {
            rows.push(...all);
            return builder;
          },
          build() {
            const schema = (state.fields ?? new FakeFields()).build();
            for (const row of rows) {
              if (!Array.isArray(row) || row.length !== schema.length)
                throw new Error('Exception: Each row needs one value per field.');
              if (row.some((value) => typeof value !== 'string'))
                throw new Error('Exception: Row values must be strings.');
            }
            return {
              schema,
              rows: rows.map((values) => ({ values })),
              filtersApplied: state.filtersApplied ?? false,
            };
          },
        }),
      );
    },
    newUserError() {
      const state: { text?: string; debugText?: string } = {};
      return chain(state, { setText: ['text'], setDebugText: ['debugText'] }, () => ({
        throwException(): never {
          throw new UserErrorThrown(state.text ?? '', state.debugText ?? '');
        },
      }));
    },
  });
  return { createCommunityConnector: connector };
}
