import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LOGO_KEY, NEXT_PARAM, safeNext } from '../../../lib/loginRoute';
import { useRouteLinks } from '../../../lib/navigation';
import { writeStored } from '../../../lib/storage';
import { BrandMark } from '../../../ui/BrandMark';
import { brandOf } from '../brands';
import { LoginForm } from '../components/LoginForm';
import classes from './LoginPage.module.css';

/** `#/login/:logo` (spec 000 §2, §4). After sign-in: back to the screen that asked for it, else the customer home. */
export function LoginPage() {
  const { logo } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const links = useRouteLinks();
  const brand = brandOf(logo);

  useEffect(() => {
    if (logo) writeStored(LOGO_KEY, logo);
    document.title = `Entrar · ${brand.name}`;
  }, [logo, brand.name]);

  function handleLoggedIn() {
    navigate(safeNext(search.get(NEXT_PARAM)) ?? links.customerHomeHref(), { replace: true });
  }

  return (
    <Center component="main" className={classes.page}>
      <Stack gap="lg" className={classes.column}>
        <Stack gap={6} align="center">
          <Group gap="sm" wrap="nowrap" c="gray.8">
            {brand.withMark && <BrandMark />}
            <Title order={1} className={classes.brand}>
              {brand.name}
            </Title>
          </Group>
          <Text size="sm" c="gray.7" ta="center">
            {brand.tagline}
          </Text>
        </Stack>
        <Paper withBorder shadow="xs" p="xl" radius="md">
          <Title order={2} size="h4" mb="md">
            Entrar
          </Title>
          <LoginForm onLoggedIn={handleLoggedIn} />
        </Paper>
      </Stack>
    </Center>
  );
}
