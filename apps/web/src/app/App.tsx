import { MantineProvider, Title } from '@mantine/core';

/** Root component; the shell (providers, router, sidebar) grows from here. */
export function App() {
  return (
    <MantineProvider>
      <Title order={1}>LIS</Title>
    </MantineProvider>
  );
}
