import { Button, Checkbox, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import type { SistemaAdmin, UsuarioAdmin } from '@vigia/contract';
import { useState } from 'react';
import { writeFailureText } from '../../../lib/httpErrors';
import { confirm } from '../../../ui/confirm';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { StateBadge } from '../../../ui/StateBadge';
import { adminWrites, useAdminUsers, useAdminWrite } from '../api/admin';
import { AdminFormDialog } from './AdminFormDialog';
import { AdminTable } from './AdminTable';
import { ListState } from './ListState';
import { SecretNotice } from './SecretNotice';

interface Props {
  sisId: number;
  /** The systems the caller administers (a user is given some of these). */
  systems: readonly SistemaAdmin[];
  platform: boolean;
}

function rights(u: UsuarioAdmin): string {
  const list = [
    u.administradorPlataforma && 'Administrador da plataforma',
    u.administrador && 'Administrador',
    u.comando && 'Comando',
  ].filter(Boolean);
  return list.length > 0 ? list.join(', ') : 'Leitura';
}

/** Users holding the chosen system: create, edit, block, and temporary passwords. */
export function UsersPanel({ sisId, systems, platform }: Props) {
  const users = useAdminUsers(sisId);
  const [editing, setEditing] = useState<UsuarioAdmin | 'novo' | null>(null);
  const [secret, setSecret] = useState<{ login: string; senha: string; mensagem: string } | null>(
    null,
  );
  const reset = useAdminWrite(adminWrites.resetPassword);
  const systemName = new Map(systems.map((s) => [s.id, s.nome]));

  const askReset = async (u: UsuarioAdmin) => {
    const yes = await confirm({
      message: `Criar uma senha temporária para ${u.nome} (${u.login})? As sessões abertas dele serão encerradas.`,
      confirmLabel: 'Criar senha',
    });
    if (!yes) return;
    reset.mutate(u.id, {
      onSuccess: (answer) =>
        setSecret({ login: u.login, senha: answer.senhaTemporaria, mensagem: answer.mensagem }),
      onError: (error) => notifyError(writeFailureText(error, 'Não foi possível criar a senha.')),
    });
  };

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button onClick={() => setEditing('novo')}>Novo usuário</Button>
      </Group>
      <ListState query={users}>
        {(rows) => (
          <AdminTable
            label="Usuários"
            item="usuário"
            rows={rows}
            minWidth={860}
            columns={[
              { header: 'Nome', cell: (u) => u.nome },
              { header: 'Login', cell: (u) => u.login },
              { header: 'E-mail', cell: (u) => u.email ?? '—' },
              { header: 'Direitos', cell: rights },
              {
                header: 'Sistemas',
                cell: (u) => u.sistemas.map((s) => systemName.get(s) ?? `outro (${s})`).join(', '),
              },
              {
                header: 'Situação',
                cell: (u) =>
                  u.bloqueado ? (
                    <StateBadge tone="bad">Bloqueado</StateBadge>
                  ) : u.trocarSenha ? (
                    <StateBadge tone="warning">Senha temporária</StateBadge>
                  ) : (
                    <StateBadge tone="neutral">Ativo</StateBadge>
                  ),
              },
            ]}
            onEdit={setEditing}
            actions={(u) => (
              <Button size="compact-sm" variant="default" onClick={() => void askReset(u)}>
                Nova senha
              </Button>
            )}
          />
        )}
      </ListState>
      {editing && (
        <UserForm
          user={editing === 'novo' ? undefined : editing}
          defaultSystem={sisId}
          systems={systems}
          platform={platform}
          onClose={() => setEditing(null)}
          onCreated={(login, senha, mensagem) => setSecret({ login, senha, mensagem })}
        />
      )}
      {secret && (
        <SecretNotice
          title={`Senha temporária de ${secret.login}`}
          label="Senha temporária"
          secret={secret.senha}
          message={secret.mensagem}
          onClose={() => setSecret(null)}
        />
      )}
    </Stack>
  );
}

function UserForm({
  user,
  defaultSystem,
  systems,
  platform,
  onClose,
  onCreated,
}: {
  user?: UsuarioAdmin;
  defaultSystem: number;
  systems: readonly SistemaAdmin[];
  platform: boolean;
  onClose: () => void;
  onCreated: (login: string, senha: string, mensagem: string) => void;
}) {
  const administered = new Set(systems.map((s) => s.id));
  // Systems the caller does not administer stay as they are.
  const kept = (user?.sistemas ?? []).filter((s) => !administered.has(s));
  const [values, setValues] = useState({
    nome: user?.nome ?? '',
    login: user?.login ?? '',
    email: user?.email ?? '',
    sistemas: (user?.sistemas ?? [defaultSystem]).filter((s) => administered.has(s)).map(String),
    comando: user?.comando ?? false,
    administrador: user?.administrador ?? false,
    administradorPlataforma: user?.administradorPlataforma ?? false,
    bloqueado: user?.bloqueado ?? false,
  });
  const text = (field: 'nome' | 'login' | 'email') => (e: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = e.currentTarget;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const flag =
    (field: 'comando' | 'administrador' | 'administradorPlataforma' | 'bloqueado') =>
    (e: React.ChangeEvent<HTMLInputElement>) => {
      const { checked } = e.currentTarget;
      setValues((v) => ({ ...v, [field]: checked }));
    };
  const create = useAdminWrite(adminWrites.createUser);
  const edit = useAdminWrite(adminWrites.editUser);
  const write = user ? edit : create;

  return (
    <AdminFormDialog
      title={user ? `Editar ${user.nome}` : 'Novo usuário'}
      size="lg"
      error={write.error}
      pending={write.isPending}
      onClose={onClose}
      onSubmit={() => {
        const common = {
          nome: values.nome,
          email: values.email.trim() || null,
          sistemas: [...kept, ...values.sistemas.map(Number)],
          comando: values.comando,
          administrador: values.administrador,
          ...(platform ? { administradorPlataforma: values.administradorPlataforma } : {}),
        };
        if (user) {
          edit.mutate(
            { id: user.id, ...common, bloqueado: values.bloqueado },
            {
              onSuccess: () => {
                notifySuccess(
                  values.bloqueado && !user.bloqueado
                    ? `${user.nome} bloqueado: sessões encerradas.`
                    : 'Usuário salvo.',
                );
                onClose();
              },
            },
          );
        } else {
          create.mutate(
            { ...common, login: values.login },
            {
              onSuccess: (answer) => {
                onClose();
                onCreated(answer.usuario.login, answer.senhaTemporaria, answer.mensagem);
              },
            },
          );
        }
      }}
    >
      <TextInput
        label="Nome"
        required
        withAsterisk={false}
        autoFocus
        value={values.nome}
        onChange={text('nome')}
      />
      <TextInput
        label="Login"
        required
        withAsterisk={false}
        autoCapitalize="none"
        spellCheck={false}
        disabled={user !== undefined}
        value={values.login}
        onChange={text('login')}
      />
      <TextInput label="E-mail" type="email" value={values.email} onChange={text('email')} />
      <MultiSelect
        label="Sistemas"
        required
        withAsterisk={false}
        searchable
        nothingFoundMessage="Nenhum sistema encontrado."
        data={systems.map((s) => ({ value: String(s.id), label: s.nome }))}
        value={values.sistemas}
        onChange={(sistemas) => setValues((v) => ({ ...v, sistemas }))}
      />
      <Checkbox label="Pode enviar comandos" checked={values.comando} onChange={flag('comando')} />
      <Checkbox
        label="Administrador dos sistemas que tem"
        checked={values.administrador}
        onChange={flag('administrador')}
      />
      {platform && (
        <Checkbox
          label="Administrador da plataforma (cria empresas e sistemas)"
          checked={values.administradorPlataforma}
          onChange={flag('administradorPlataforma')}
        />
      )}
      {user && (
        <Checkbox
          label="Bloqueado (encerra as sessões abertas na hora)"
          checked={values.bloqueado}
          onChange={flag('bloqueado')}
        />
      )}
    </AdminFormDialog>
  );
}
