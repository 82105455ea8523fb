import '@mantine/core/styles/Table.css';
import { Table, Text } from '@mantine/core';
import type { Sistema, UserInfo } from '@vigia/contract';
import { PLACEHOLDER_MISSING } from '@vigia/domain';
import { Dialog } from '../../../ui/Dialog';
import { useHealth } from '../api/get-health';

interface Props {
  opened: boolean;
  onClose: () => void;
  user: UserInfo | undefined;
  /** The system on display; none on the customer home. */
  sistema: Sistema | undefined;
}

const DATABASE_LABEL = { sqlite: 'SQLite (embarcado)', postgres: 'PostgreSQL' } as const;

/** Header popup: the system on display, the signed-in user and the versions. */
export function SystemInfoModal({ opened, onClose, user, sistema }: Props) {
  const health = useHealth(opened);
  const rows: [string, string][] = [
    ['Sistema', sistema ? `${sistema.nome} (${sistema.id})` : 'Todos os sistemas'],
    ['Empresa', sistema?.empresa ?? PLACEHOLDER_MISSING],
    ['Usuário', user ? `${user.nome} (${user.login})` : PLACEHOLDER_MISSING],
    ['Sistemas do usuário', user ? String(user.sistemas.length) : PLACEHOLDER_MISSING],
    ['Versão do console', __APP_VERSION__],
    ['Versão do servidor', health.data?.version ?? PLACEHOLDER_MISSING],
    ['Banco de dados', health.data ? DATABASE_LABEL[health.data.database] : PLACEHOLDER_MISSING],
  ];
  return (
    <Dialog opened={opened} onClose={onClose} title="Informações do sistema">
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={170}>{label}</Table.Th>
              <Table.Td>
                <Text size="sm">{value}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Dialog>
  );
}
