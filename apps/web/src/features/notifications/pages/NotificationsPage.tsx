import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Alert, Stack, Title } from '@mantine/core';
import { MESSAGES } from '@vigia/domain';
import { writeFailureText } from '../../../lib/httpErrors';
import { usePageTitle } from '../../../lib/navigation';
import { DelayedLoader } from '../../../ui/DelayedLoader';
import { useDeliveries, useDeviceTypes, usePreferences } from '../api/notifications';
import { DeliveriesTable } from '../components/DeliveriesTable';
import { PreferencesForm } from '../components/PreferencesForm';

const failure = (error: unknown) => (
  <Alert color="red" variant="light" role="alert">
    {writeFailureText(error, MESSAGES.networkError)}
  </Alert>
);

/** 'Notificações' (issue 29): the caller's preferences and the messages sent. */
export function NotificationsPage() {
  usePageTitle('Notificações');
  const prefs = usePreferences();
  const deviceTypes = useDeviceTypes();
  const deliveries = useDeliveries();
  // The form is drawn with its choices known (a saved type's pill appears with them), and
  // the deliveries below it once it stands: nothing moves under the pointer as calls land.
  const saved = deviceTypes.isPending ? undefined : prefs.data;
  const prefsSettled = prefs.isError || saved !== undefined;
  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        Notificações
      </Title>
      <section aria-labelledby="notificacoes-preferencias">
        <Title order={2} size="h4" id="notificacoes-preferencias" mb="sm">
          Preferências
        </Title>
        {prefs.isError ? (
          failure(prefs.error)
        ) : saved === undefined ? (
          <DelayedLoader />
        ) : (
          <PreferencesForm saved={saved} />
        )}
      </section>
      {prefsSettled && (
        <section aria-labelledby="notificacoes-entregas">
          <Title order={2} size="h4" id="notificacoes-entregas" mb="sm">
            Entregas
          </Title>
          {deliveries.isError ? (
            failure(deliveries.error)
          ) : deliveries.data === undefined ? (
            <DelayedLoader />
          ) : (
            <DeliveriesTable rows={deliveries.data.entregas} />
          )}
        </section>
      )}
    </Stack>
  );
}
