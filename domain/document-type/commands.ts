// Commands on the document types list; admins only (the routes check). `in_use`: whether a bid's or a template's
// required document names the type, read from the read models by the workflow.

export type AddDocumentType = { type: 'AddDocumentType'; data: { uuid: string; name: string; by: string } };
export type RenameDocumentType = { type: 'RenameDocumentType'; data: { uuid: string; name: string; in_use: boolean; by: string } };
export type DeleteDocumentType = { type: 'DeleteDocumentType'; data: { uuid: string; in_use: boolean; by: string } };

export type DocumentTypeCommand = AddDocumentType | RenameDocumentType | DeleteDocumentType;
