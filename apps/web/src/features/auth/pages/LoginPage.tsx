import { Alert, Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LOGO_KEY, NEXT_PARAM, safeNext } from '../../../lib/loginRoute';
import { useRouteLinks } from '../../../lib/navigation';
import { writeStored } from '../../../lib/storage';
import { BrandMark } from '../../../ui/BrandMark';
import { useFirstRunState } from '../api/first-run';
import { brandOf } from '../brands';
import { FirstRunForm } from '../components/FirstRunForm';
import { LoginForm } from '../components/LoginForm';
import classes from './LoginPage.module.css';

/** `#/login/:logo` (spec 000 §2, §4). After sign-in: back to the screen that asked for it, else the customer home. */
export function LoginPage() {
  const { logo } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const links = useRouteLinks();
  const brand = brandOf(logo);
  const firstRun = useFirstRunState();
  const [settingUp, setSettingUp] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

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
            {settingUp ? 'Configuração inicial' : 'Entrar'}
          </Title>
          {settingUp ? (
            <FirstRunForm
              onCancel={() => setSettingUp(false)}
              onDone={(message) => {
                setNotice(message);
                setSettingUp(false);
                void firstRun.refetch();
              }}
            />
          ) : (
            <Stack gap="md">
              {notice && (
                <Alert color="teal" variant="light" role="status">
                  {notice}
                </Alert>
              )}
              <LoginForm onLoggedIn={handleLoggedIn} />
            </Stack>
          )}
        </Paper>
        {firstRun.data?.pendente && !settingUp && (
          <Text size="sm" ta="center" c="gray.8">
            Primeira vez neste servidor?{' '}
            <Anchor component="button" type="button" onClick={() => setSettingUp(true)}>
              Configuração inicial
            </Anchor>
          </Text>
        )}
      </Stack>
    </Center>
  );
}
