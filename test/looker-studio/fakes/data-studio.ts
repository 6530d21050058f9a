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

class FakeField {
  id: string | null = null;
  name: string | null = null;
  description: string | null = null;
  type: string | null = null;
  aggregation: string | null = null;
  constructor(readonly concept: 'DIMENSION' | 'METRIC') {}
  setId(id: string) {
    this.id = id;
    return this;
  }
  setName(name: string) {
    this.name = name;
    return this;
  }
  setDescription(text: string) {
    this.description = text;
    return this;
  }
  setType(type: string) {
    if (!(FIELD_TYPES as readonly string[]).includes(type))
      throw new Error(`Exception: Invalid argument: type ${String(type)}`);
    this.type = type;
    return this;
  }
  setAggregation(aggregation: string) {
    if (!(AGGREGATION_TYPES as readonly string[]).includes(aggregation))
      throw new Error(`Exception: Invalid argument: aggregation ${String(aggregation)}`);
    this.aggregation = aggregation;
    return this;
  }
  getId = () => this.id;
  getType = () => this.type;
  isDimension = () => this.concept === 'DIMENSION';
  isMetric = () => this.concept === 'METRIC';
  toJson(): FieldJson {
    if (!this.id) throw new Error('Exception: A field has no id (setId).');
    if (!this.type) throw new Error(`Exception: Field ${this.id} has no type (setType).`);
    return {
      name: this.id,
      label: this.name ?? this.id,
      ...(this.description ? { description: this.description } : {}),
      dataType: dataTypeOf(this.type),
      semantics: { conceptType: this.concept, semanticType: this.type },
      ...(this.aggregation ? { defaultAggregationType: this.aggregation } : {}),
    };
  }
}

class FakeFields {
  readonly list: FakeField[] = [];
  newDimension() {
    const field = new FakeField('DIMENSION');
    this.list.push(field);
    return field;
  }
  newMetric() {
    const field = new FakeField('METRIC');
    this.list.push(field);
    return field;
  }
  asArray = () => [...this.list];
  getFieldById = (id: string) => this.list.find((field) => field.id === id) ?? null;
  forIds(ids: string[]) {
    const subset = new FakeFields();
    subset.list.push(...this.list.filter((field) => field.id !== null && ids.includes(field.id)));
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
  options?: Array<{ label: string; value: string }>;
}

function configParam(type: string, store: ConfigParamJson[]) {
  const param: ConfigParamJson = { type, name: '' };
  store.push(param);
  const builder = {
    setId(id: string) {
      param.name = id;
      return builder;
    },
    setName(name: string) {
      param.displayName = name;
      return builder;
    },
    setHelpText(text: string) {
      param.helpText = text;
      return builder;
    },
    setIsDynamic(value: boolean) {
      param.isDynamic = value;
      return builder;
    },
    setAllowOverride: () => builder,
    setPlaceholder: () => builder,
    addOption(option: { label?: string; value?: string }) {
      if (!option.label || option.value === undefined)
        throw new Error('Exception: An option needs a label and a value.');
      param.options = [...(param.options ?? []), { label: option.label, value: option.value }];
      return builder;
    },
  };
  return builder;
}

function fakeConfig() {
  const params: ConfigParamJson[] = [];
  let dateRangeRequired = false;
  let isSteppedConfig = false;
  const config = {
    newSelectSingle: () => configParam('SELECT_SINGLE', params),
    newSelectMultiple: () => configParam('SELECT_MULTIPLE', params),
    newTextInput: () => configParam('TEXTINPUT', params),
    newTextArea: () => configParam('TEXTAREA', params),
    newCheckbox: () => configParam('CHECKBOX', params),
    newInfo: () => configParam('INFO', params),
    newOptionBuilder() {
      const option: { label?: string; value?: string } = {};
      const builder = {
        setLabel(label: string) {
          option.label = label;
          return Object.assign(builder, option);
        },
        setValue(value: string) {
          option.value = value;
          return Object.assign(builder, option);
        },
      };
      return builder;
    },
    setDateRangeRequired(value: boolean) {
      dateRangeRequired = value;
      return config;
    },
    setIsSteppedConfig(value: boolean) {
      isSteppedConfig = value;
      return config;
    },
    build() {
      const ids = new Set<string>();
      for (const param of params) {
        if (!param.name) throw new Error('Exception: A config parameter has no id (setId).');
        if (ids.has(param.name)) throw new Error(`Exception: Duplicate config id ${param.name}.`);
        ids.add(param.name);
      }
      return { configParams: params, dateRangeRequired, isSteppedConfig };
    },
  };
  return config;
}

export function fakeDataStudioApp() {
  const connector = () => ({
    AuthType: enumOf(AUTH_TYPES),
    FieldType: enumOf(FIELD_TYPES),
    AggregationType: enumOf(AGGREGATION_TYPES),
    getConfig: fakeConfig,
    getFields: () => new FakeFields(),
    newAuthTypeResponse() {
      const auth: { type?: string; helpUrl?: string } = {};
      const builder = {
        setAuthType(type: string) {
          if (!(AUTH_TYPES as readonly string[]).includes(type))
            throw new Error('Exception: Invalid argument: authType');
          auth.type = type;
          return builder;
        },
        setHelpUrl(url: string) {
          auth.helpUrl = url;
          return builder;
        },
        build: () => ({ ...auth }),
      };
      return builder;
    },
    newGetSchemaResponse() {
      let fields: FakeFields | undefined;
      const builder = {
        setFields(value: FakeFields) {
          fields = value;
          return builder;
        },
        build: () => ({ schema: (fields ?? new FakeFields()).build() }),
      };
      return builder;
    },
    newGetDataResponse() {
      let fields: FakeFields | undefined;
      const rows: string[][] = [];
      let filtersApplied = false;
      const builder = {
        setFields(value: FakeFields) {
          fields = value;
          return builder;
        },
        addRow(row: string[]) {
          rows.push(row);
          return builder;
        },
        addAllRows(all: string[][]) {
          rows.push(...all);
          return builder;
        },
        setFiltersApplied(value: boolean) {
          filtersApplied = value;
          return builder;
        },
        build() {
          const schema = (fields ?? new FakeFields()).build();
          for (const row of rows) {
            if (!Array.isArray(row) || row.length !== schema.length)
              throw new Error('Exception: Each row needs one value per field.');
            if (row.some((value) => typeof value !== 'string'))
              throw new Error('Exception: Row values must be strings.');
          }
          return { schema, rows: rows.map((values) => ({ values })), filtersApplied };
        },
      };
      return builder;
    },
    newUserError() {
      let text = '';
      let debugText = '';
      const builder = {
        setText(value: string) {
          text = value;
          return builder;
        },
        setDebugText(value: string) {
          debugText = value;
          return builder;
        },
        throwException(): never {
          throw new UserErrorThrown(text, debugText);
        },
      };
      return builder;
    },
  });
  return { createCommunityConnector: connector };
}
