import { Text, Title } from '@mantine/core';

interface Props {
  title: string;
  description: string;
  children: React.ReactNode;
}

export function OccurrencePageLayout({ title, description, children }: Props) {
  return (
    <>
      <Title order={1} size="h2" mb={4}>
        {title}
      </Title>
      <Text c="gray.7" size="sm" mb="md">
        {description}
      </Text>
      {children}
    </>
  );
}
