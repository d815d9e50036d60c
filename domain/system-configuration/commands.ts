/** Set one setting (`key` or `uuid` from the catalogue); the value is checked against its field type. */
export type ChangeSystemConfiguration = {
  type: 'ChangeSystemConfiguration';
  data: { key: string; value: unknown; changed_by: string };
};

export type SystemConfigurationCommand = ChangeSystemConfiguration;
