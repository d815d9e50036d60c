import { Alert, Badge, Button, FileInput, Group, Modal, Stack, Stepper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { importColumns } from '../../../../domain/financial-institution-product/import-rows';
import { type ImportResultView, importTooLarge, productMessages } from '../../../../domain/financial-institution-product/schemas';
import { productImportLimits } from '../../../../domain/shared/limits';
import { formatAmount } from '../../../../domain/shared/messages';
import { isApiError } from '../../../lib/api-error';
import { useImportProducts } from '../api/import-products';

// The product import (spec 3 §2 "a file-import modal and an error modal"; docs/products.md "Import"): choose a .csv
// file, see what it would create, change and refuse, confirm; refused rows come back as a file to correct and import
// again.

type Props = { organisationUuid: string; organisationName: string; opened: boolean; onClose: () => void };
type Chosen = { file: File; data: string };

const outcomeLabels: Record<ImportResultView['rows'][number]['outcome'], { label: string; color: string }> = {
  created: { label: 'New', color: 'teal' },
  changed: { label: 'Changed', color: 'blue' },
  unchanged: { label: 'Unchanged', color: 'gray' },
  refused: { label: 'Not imported', color: 'red' },
};

/** The file as base64 (what the API takes). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Offers the error file for download, named after the imported one. */
function downloadErrorCsv(base64: string, fileName: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName.replace(/\.csv$/i, '')}-not-imported.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** What a file choice is refused for before anything is sent (the server checks the same). */
function fileProblem(file: File): string | null {
  if (!file.name.toLowerCase().includes('.csv')) return productMessages.csvOnly;
  if (file.size > productImportLimits.maxFileBytes) return importTooLarge;
  return null;
}

function Counts({ result }: { result: ImportResultView }) {
  const { counts, dry_run } = result;
  const items = dry_run
    ? [`${counts.created} to create`, `${counts.changed} to change`, `${counts.unchanged} unchanged`, `${counts.refused} not imported`]
    : [`${counts.created} created`, `${counts.changed} changed`, `${counts.unchanged} unchanged`, `${counts.refused} not imported`];
  return (
    <Group gap="xs" aria-label="Rows by outcome" role="list">
      {items.map((item, index) => (
        <Badge key={item} role="listitem" variant="light" color={['teal', 'blue', 'gray', 'red'][index]} size="lg" radius="sm">
          {item}
        </Badge>
      ))}
    </Group>
  );
}

function RowsTable({ result }: { result: ImportResultView }) {
  if (result.rows.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={520} mah={320}>
      <Table striped aria-label="Rows of the file">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Product name</Table.Th>
            <Table.Th>Outcome</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.rows.map((row) => (
            <Table.Tr key={row.row} data-testid={`import-row-${row.outcome}`}>
              <Table.Td>{row.row}</Table.Td>
              <Table.Td>{row.product_name || '—'}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={outcomeLabels[row.outcome].color} radius="sm">
                  {outcomeLabels[row.outcome].label}
                </Badge>
              </Table.Td>
              <Table.Td>{row.reason ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ImportProductsModal({ organisationUuid, organisationName, opened, onClose }: Props) {
  const importing = useImportProducts();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportResultView | null>(null);
  const [result, setResult] = useState<ImportResultView | null>(null);
  const step = result ? 2 : preview ? 1 : 0;

  function reset() {
    setChosen(null);
    setFileError(null);
    setPreview(null);
    setResult(null);
    importing.reset();
  }
  function close() {
    reset();
    onClose();
  }

  async function choose(file: File | null) {
    setPreview(null);
    setFileError(null);
    if (!file) return setChosen(null);
    const problem = fileProblem(file);
    if (problem) {
      setChosen(null);
      return setFileError(problem);
    }
    setChosen({ file, data: await base64Of(file) });
  }

  /** The server's words for a refused file (422 on `data` or `file_name`), or a generic line. */
  function showRefusal(error: unknown) {
    if (isApiError(error, 422)) setFileError(Object.values(error.errors).flat()[0] ?? error.detail ?? 'The file could not be imported.');
    else setFileError('The file could not be read on the server. Please try again in a moment.');
  }

  async function runPreview() {
    if (!chosen) return;
    try {
      setPreview(await importing.mutateAsync({ organisationUuid, fileName: chosen.file.name, data: chosen.data, dryRun: true }));
    } catch (error) {
      showRefusal(error);
    }
  }

  async function runImport() {
    if (!chosen) return;
    try {
      const done = await importing.mutateAsync({ organisationUuid, fileName: chosen.file.name, data: chosen.data, dryRun: false });
      if (done.success) {
        notifications.show({ color: 'teal', title: productMessages.imported, message: `${done.counts.created} created and ${done.counts.changed} changed for ${organisationName}.` });
        return close();
      }
      // spec 1 §8: 'Some products not Imported', and the error file is offered.
      notifications.show({ color: 'orange', title: productMessages.someNotImported, message: 'Download the rows that were not imported, correct them and import the file again.' });
      setResult(done);
    } catch (error) {
      setPreview(null);
      showRefusal(error);
    }
  }

  const writes = preview ? preview.counts.created + preview.counts.changed : 0;
  return (
    <Modal opened={opened} onClose={close} title={result ? 'Some products not imported' : 'Import products'} size={750} centered>
      <Stack gap="md">
        <Stepper active={step} size="sm" allowNextStepsSelect={false} aria-label="Import steps">
          <Stepper.Step label="Choose a file" />
          <Stepper.Step label="Check the preview" />
          <Stepper.Step label="Correct the rest" />
        </Stepper>

        {step === 0 && (
          <>
            <Text size="sm">
              A .csv file with the columns <strong>{importColumns.join(', ')}</strong> in its first row and one product per row, at most{' '}
              {formatAmount(productImportLimits.maxRows)} rows and {productImportLimits.maxFileBytes / 1024 / 1024} MB. A product whose product name is already
              in {organisationName} is updated; status is active or inactive, is_restrict yes or no.
            </Text>
            <FileInput
              label="Product file"
              aria-label={`Product file: ${chosen?.file.name ?? 'choose a .csv file'}`}
              placeholder="Choose a .csv file"
              leftSection={<IconFileTypeCsv size={16} />}
              accept=".csv,text/csv"
              value={chosen?.file ?? null}
              onChange={(file) => void choose(file)}
              error={fileError}
              clearable
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button onClick={() => void runPreview()} disabled={!chosen} loading={importing.isPending}>
                Preview
              </Button>
            </Group>
          </>
        )}

        {step === 1 && preview && (
          <>
            <Text size="sm">Nothing is saved yet. This is what importing {chosen?.file.name} would do:</Text>
            <Counts result={preview} />
            {preview.counts.refused > 0 && (
              <Alert color="orange" icon={<IconAlertTriangle />} title="Some rows will not be imported">
                They are left out; after the import you can download them with the reasons, correct them and import that file.
              </Alert>
            )}
            <RowsTable result={preview} />
            {fileError && (
              <Text c="red" size="sm" role="alert">
                {fileError}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPreview(null)} disabled={importing.isPending}>
                Back
              </Button>
              <Button onClick={() => void runImport()} disabled={writes === 0} loading={importing.isPending}>
                {writes === 0 ? 'Nothing to import' : `Import ${writes} ${writes === 1 ? 'product' : 'products'}`}
              </Button>
            </Group>
          </>
        )}

        {step === 2 && result?.error_csv && (
          <>
            <Counts result={result} />
            <Text size="sm">
              The rows below were not imported. Download them with their row number and reason, correct them (the extra columns can stay) and import that file:
              rows already imported are not duplicated.
            </Text>
            <RowsTable result={{ ...result, rows: result.rows.filter((row) => row.outcome === 'refused') }} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Close
              </Button>
              <Button leftSection={<IconDownload size={16} />} onClick={() => downloadErrorCsv(result.error_csv ?? '', chosen?.file.name ?? 'products.csv')}>
                Download the rows not imported
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
