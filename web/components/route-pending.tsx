import { Center, Loader } from '@mantine/core';

export function RoutePending() {
  return (
    <Center mih={240} aria-busy="true">
      <Loader size="md" />
    </Center>
  );
}
