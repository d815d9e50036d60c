import { Button, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useRouterState } from '@tanstack/react-router';
import { IconFileDescription, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { DocumentTypeView } from '../../../contracts/document-type';
import { ListBody } from '../../components/list-body';
import { ListFooter } from '../../components/list-footer';
import { PageHeader } from '../../components/page-header';
import { useChangeDocumentType, useDocumentTypes } from '../../features/document-types/api/document-types';
import { DocumentTypeModal } from '../../features/document-types/components/document-type-modal';
import { DocumentTypesTable } from '../../features/document-types/components/document-types-table';
import { errorText } from '../../lib/error-toast';
import { DOCUMENT_TYPES_PAGE_SIZE, documentTypesRoute } from './document-types.route';

/** The document types, 25 a page by name, with a search; add, rename and delete (a type in use is kept, with why). */
export function DocumentTypesPage() {
  const search = documentTypesRoute.useSearch();
  const navigate = documentTypesRoute.useNavigate();
  const params = { page: search.page, name: search.name, count: DOCUMENT_TYPES_PAGE_SIZE };
  const { data } = useDocumentTypes(params);
  const loading = useRouterState({ select: (state) => state.isLoading });
  const change = useChangeDocumentType();
  const [modal, setModal] = useState<{ editing: DocumentTypeView | null } | null>(null);
  const [typed, setTyped] = useState(search.name);
  const searchFor = useDebouncedCallback((name: string) => void navigate({ search: { page: 1, name } }), 300);

  function confirmDelete(type: DocumentTypeView) {
    modals.openConfirmModal({
      title: 'Are you sure?',
      size: 400,
      centered: true,
      children: <Text size="sm">Delete the document type “{type.name}”? Providers will no longer be able to ask for it.</Text>,
      labels: { confirm: 'Yes, delete it', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        change.mutate(
          { kind: 'delete', uuid: type.uuid },
          {
            onSuccess: () => notifications.show({ color: 'teal', title: 'Document type deleted', message: type.name }),
            onError: (error) => notifications.show({ color: 'red', title: 'Document type not deleted', message: errorText(error) }),
          },
        ),
    });
  }

  return (
    <>
      <PageHeader
        title="Document types"
        crumbs={['Document types']}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setModal({ editing: null })}>
            Add document type
          </Button>
        }
      />
      <Paper>
        <TextInput
          p="md"
          maw={360}
          aria-label="Search document types"
          placeholder="Search by name"
          leftSection={<IconSearch size={16} />}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            searchFor(event.currentTarget.value);
          }}
        />
        <ListBody
          loading={loading}
          total={data.total_records}
          shown={data.result.length}
          empty={{ icon: <IconFileDescription />, title: search.name ? 'No document type matches' : 'No document types yet', description: 'Add the documents providers may ask customers for.' }}
          onLastPage={() => void navigate({ search: { ...search, page: 1 } })}
        >
          <DocumentTypesTable
            types={data.result}
            deletingUuid={change.isPending && change.variables.kind === 'delete' ? change.variables.uuid : undefined}
            onEdit={(type) => setModal({ editing: type })}
            onDelete={confirmDelete}
          />
        </ListBody>
        <ListFooter total={data.total_records} page={search.page} count={DOCUMENT_TYPES_PAGE_SIZE} shown={data.result.length} noun="document type" onPage={(page) => void navigate({ search: { ...search, page } })} />
      </Paper>
      {modal && <DocumentTypeModal key={modal.editing?.uuid ?? 'new'} editing={modal.editing} opened onClose={() => setModal(null)} />}
    </>
  );
}
