import { Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { cropToPngDataUrl, loadImage } from '../lib/crop-image';

type Props = {
  /** Object URL of the chosen image; the modal is open while it is set. */
  imageUrl: string | null;
  title: string;
  onCancel: () => void;
  onCropped: (dataUrl: string) => void;
};

/** Square crop of an uploaded image (logos, avatars); answers a PNG data URL of at most 512×512. */
export function ImageCropModal({ imageUrl, title, onCancel, onCropped }: Props) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);

  function reset() {
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setBusy(false);
  }

  async function apply() {
    if (!imageUrl || !area) return;
    setBusy(true);
    try {
      const image = await loadImage(imageUrl);
      onCropped(cropToPngDataUrl(image, area));
    } finally {
      reset();
    }
  }

  return (
    <Modal
      opened={imageUrl !== null}
      onClose={() => {
        reset();
        onCancel();
      }}
      title={title}
      size="lg"
      centered
    >
      <Stack gap="md">
        <Box pos="relative" h={340} bg="dark.7" style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
          {imageUrl && (
            <Cropper
              image={imageUrl}
              crop={crop}
              zoom={zoom}
              aspect={1}
              showGrid
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          )}
        </Box>
        <Group gap="md" wrap="nowrap">
          <Text size="sm" c="dimmed" w={48}>
            Zoom
          </Text>
          <Slider
            flex={1}
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={setZoom}
            label={(value) => `${value.toFixed(1)}×`}
            aria-label="Zoom"
          />
        </Group>
        <Text size="xs" c="dimmed">
          Drag the image to choose the square that will be shown as the logo.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => {
              reset();
              onCancel();
            }}
          >
            Cancel
          </Button>
          <Button onClick={() => void apply()} loading={busy} disabled={!area}>
            Crop and use
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
