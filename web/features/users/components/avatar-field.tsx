import { Avatar, Button, FileInput, Group, Input, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { ImageCropModal } from '../../../components/image-crop-modal';
import { acceptedImageTypes, isAcceptedImageType, loadImage, onlyImagesMessage } from '../../../lib/crop-image';

type Props = {
  name: string;
  /** The avatar the user has now, shown until a new one is chosen. */
  currentUrl: string | null;
  /** A new avatar as a data URL, null to remove it, undefined to keep the current one. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  error: ReactNode;
  onError: (message: string | null) => void;
};

/**
 * Avatar upload with a square crop (spec 2 §2 "avatar change"). Anything that is not an image shows 'Only images are
 * allowed!' and the file input is cleared (spec 2 §5). The organisation logo field works the same way; features do
 * not share components, so this one is the users' own.
 */
export function AvatarField({ name, currentUrl, value, onChange, error, onError }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [cropUrl, setCropUrl] = useState<string | null>(null);
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

  return (
    <Input.Wrapper label="Avatar" description="PNG, JPEG, GIF or WebP; you crop it to a square after choosing it.">
      <Group gap="md" align="flex-start" mt={6} wrap="nowrap">
        <Avatar src={shown ?? null} name={name || undefined} color="initials" size={96} alt="Avatar preview" data-testid="avatar-preview" />
        <Stack gap="xs" flex={1}>
          <FileInput
            aria-label="Avatar file"
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
              Remove avatar
            </Button>
          )}
        </Stack>
      </Group>
      <ImageCropModal
        imageUrl={cropUrl}
        title="Crop the avatar"
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
