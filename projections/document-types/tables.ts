// The table `createTables` in document-types.ts makes; the API reads the view of the same name in `public`.

export interface DocumentTypesTable {
  uuid: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface DocumentTypesTables {
  document_types: DocumentTypesTable;
}
