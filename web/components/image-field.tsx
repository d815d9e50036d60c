import { Avatar, Button, FileInput, Group, Input, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { acceptedImageTypes, isAcceptedImageType, loadImage, onlyImagesMessage } from '../lib/crop-image';
import { ImageCropModal } from './image-crop-modal';

type Props = {
  /** What the image is ('Avatar', 'Logo'): the field's label, and in lower case its preview, buttons and crop dialog. */
  label: string;
  /** A person's avatar is round; an organisation's logo is a square on white, with a picture icon until it has a name. */
  shape: 'round' | 'square';
  previewSize?: number;
  /** The image there is now, shown until a new one is chosen. */
  currentUrl: string | null;
  /** A new image as a data URL, null to remove it, undefined to keep the current one. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  error: ReactNode;
  onError: (message: string | null) => void;
  /** The name of the person or organisation, for the initials shown without a picture. */
  name: string;
};

const choosePrompt = 'Choose an image';

/**
 * Image upload with a square crop (spec 2 §2 "avatar upload with crop", spec 3 §2 logo). Anything that is not an
 * image shows 'Only images are allowed!' and the file input is cleared (spec 2 §5, spec 3 §5).
 */
export function ImageField({ label, shape, previewSize = 96, currentUrl, value, onChange, error, onError, name }: Props) {
  const noun = label.toLowerCase();
  const [file, setFile] = useState<File | null>(null);
  const [cropUrl, setCropUrl] = useState<string | null>(null);
  // Empties the underlying <input type=file>, so the refused file is really gone and can be chosen again.
  const resetFileInput = useRef<() => void>(null);
  const shown = value === undefined ? currentUrl : value;

  function clearFile() {
    setFile(null);
    resetFileInput.current?.();
  }

  function refuse(rejected: File) {
    clearFile();
    onError(onlyImagesMessage);
    notifications.show({ color: 'red', title: onlyImagesMessage, message: `${rejected.name} is not an image.` });
  }

  async function choose(chosen: File | null) {
    setFile(chosen);
    if (!chosen) return;
    if (!isAcceptedImageType(chosen)) return refuse(chosen);
    const url = URL.createObjectURL(chosen);
    try {
      await loadImage(url); // a file named .png that is not one fails here
    } catch {
      URL.revokeObjectURL(url);
      return refuse(chosen);
    }
    onError(null);
    setCropUrl(url);
  }

  function closeCrop() {
    if (cropUrl) URL.revokeObjectURL(cropUrl);
    setCropUrl(null);
  }

  const square = shape === 'square';
  return (
    <Input.Wrapper label={label} description="PNG, JPEG, GIF or WebP; you crop it to a square after choosing it.">
      <Group gap="md" align="flex-start" mt={6} wrap="nowrap">
        <Avatar
          src={shown ?? null}
          name={name || undefined}
          color="initials"
          size={previewSize}
          alt={`${label} preview`}
          data-testid={`${noun}-preview`}
          {...(square ? { radius: 'sm', bd: '1px solid var(--mantine-color-gray-3)', bg: 'white' } : {})}
        >
          {square && !name ? <IconPhoto size={previewSize / 3} /> : undefined}
        </Avatar>
        <Stack gap="xs" flex={1}>
          <FileInput
            // The name holds what the button shows, the placeholder or the chosen file (WCAG's label in name).
            aria-label={`${label} file: ${file?.name ?? choosePrompt}`}
            placeholder={choosePrompt}
            leftSection={<IconPhoto size={16} />}
            accept={acceptedImageTypes.join(',')}
            value={file}
            onChange={(chosen) => void choose(chosen)}
            error={error}
            clearable
            resetRef={resetFileInput}
          />
          {shown && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              w="fit-content"
              onClick={() => {
                clearFile();
                onChange(null);
              }}
            >
              {`Remove ${noun}`}
            </Button>
          )}
        </Stack>
      </Group>
      <ImageCropModal
        imageUrl={cropUrl}
        title={`Crop the ${noun}`}
        onCancel={() => {
          closeCrop();
          clearFile();
        }}
        onCropped={(dataUrl) => {
          closeCrop();
          onChange(dataUrl);
        }}
      />
    </Input.Wrapper>
  );
}

/** The parts of a @mantine/form form that an image field kept in its field `Field` uses. */
type ImageForm<Field extends string> = {
  values: { [K in Field]: string | null | undefined };
  errors: Partial<Record<string, ReactNode>>;
  setFieldValue: (field: Field, value: string | null) => void;
  setFieldError: (field: Field, message: string) => void;
  clearFieldError: (field: Field) => void;
};

/** The value, error and handlers of an image field kept in the form field `field` (avatar, logo). */
export function imageFieldProps<Field extends string>(form: ImageForm<Field>, field: Field): Pick<Props, 'value' | 'onChange' | 'error' | 'onError'> {
  return {
    value: form.values[field],
    onChange: (value) => {
      form.setFieldValue(field, value);
      form.clearFieldError(field);
    },
    error: form.errors[field],
    onError: (message) => (message ? form.setFieldError(field, message) : form.clearFieldError(field)),
  };
}
