import { Avatar, Button, FileInput, Group, Input, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useRef, useState } from 'react';
import { IconPhoto } from '@tabler/icons-react';
import { ImageCropModal } from '../../../components/image-crop-modal';
import { acceptedImageTypes, isAcceptedImageType, loadImage, onlyImagesMessage } from '../../../lib/crop-image';

type Props = {
  /** The logo the organisation has now (edit), shown until a new one is chosen. */
  currentLogoUrl: string | null;
  /** A new logo as a data URL, null to remove it, undefined to keep the current one. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  error: ReactNode;
  onError: (message: string | null) => void;
  name: string;
};

/**
 * Logo upload with a square crop (spec 3 §2). Anything that is not an image shows 'Only images are allowed!'
 * and the file input is cleared (spec 3 §5).
 */
export function LogoField({ currentLogoUrl, value, onChange, error, onError, name }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [cropUrl, setCropUrl] = useState<string | null>(null);
  // Empties the underlying <input type=file>, so the refused file is really gone and can be chosen again.
  const resetFileInput = useRef<() => void>(null);
  const shown = value === undefined ? currentLogoUrl : value;

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

  return (
    <Input.Wrapper label="Logo" description="PNG, JPEG, GIF or WebP; you crop it to a square after choosing it.">
      <Group gap="md" align="flex-start" mt={6} wrap="nowrap">
        <Avatar
          src={shown ?? null}
          name={name || undefined}
          color="initials"
          size={96}
          radius="sm"
          alt="Logo preview"
          bd="1px solid var(--mantine-color-gray-3)"
          bg="white"
          data-testid="logo-preview"
        >
          {name ? undefined : <IconPhoto size={32} />}
        </Avatar>
        <Stack gap="xs" flex={1}>
          <FileInput
            aria-label="Logo file"
            placeholder="Choose an image"
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
              Remove logo
            </Button>
          )}
        </Stack>
      </Group>
      <ImageCropModal
        imageUrl={cropUrl}
        title="Crop the logo"
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
