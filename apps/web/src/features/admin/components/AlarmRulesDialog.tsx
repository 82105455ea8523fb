import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Grid.css';
import { Fieldset, Grid, Text, TextInput } from '@mantine/core';
import type { RegraAlarme, RegraDispositivo } from '@vigia/contract';
import { ALARM_RULE_MESSAGES, alarmRuleSummary, parseDecimal } from '@vigia/domain';
import { useState } from 'react';
import { notifySuccess } from '../../../ui/notify';
import { adminWrites, useAdminWrite, useDeviceRules, useModelRules } from '../api/admin';
import { AdminFormDialog } from './AdminFormDialog';
import { ListState } from './ListState';
import { numberText } from './numberField';

type Field = 'limite' | 'atraso' | 'critico' | 'mensagem';
type Texts = Record<Field, string>;

const textsOf = (v: { [K in Field]: number | string | null }): Texts => ({
  limite: numberText(v.limite as number | null),
  atraso: numberText(v.atraso as number | null),
  critico: numberText(v.critico as number | null),
  mensagem: (v.mensagem as string | null) ?? '',
});

/** A typed number, null when empty, undefined when it is not a number. */
const numberOf = (text: string): number | null | undefined =>
  text.trim() === '' ? null : (parseDecimal(text) ?? undefined);

/**
 * The alarm rules of a model (its values; read only unless the caller is a
 * platform administrator) or of a device (its overrides: an empty field is the
 * model's value, shown as the field's placeholder).
 */
export function AlarmRulesDialog(
  props:
    | { kind: 'modelo'; id: number; nome: string; readOnly: boolean; onClose: () => void }
    | { kind: 'dispositivo'; id: number; nome: string; onClose: () => void },
) {
  const { onClose } = props;
  const model = useModelRules(props.id, props.kind === 'modelo');
  const device = useDeviceRules(props.id, props.kind === 'dispositivo');
  const query = props.kind === 'modelo' ? model : device;
  return (
    <ListState query={query}>
      {(data) => (
        <RulesForm
          title={`Regras de alarme · ${props.nome}`}
          id={props.id}
          rules={data.regras}
          kind={props.kind}
          readOnly={props.kind === 'modelo' && props.readOnly}
          onClose={onClose}
        />
      )}
    </ListState>
  );
}

function RulesForm({
  title,
  id,
  rules,
  kind,
  readOnly,
  onClose,
}: {
  title: string;
  id: number;
  rules: readonly (RegraAlarme | RegraDispositivo)[];
  kind: 'modelo' | 'dispositivo';
  readOnly: boolean;
  onClose: () => void;
}) {
  const [texts, setTexts] = useState<Record<number, Texts>>(() =>
    Object.fromEntries(rules.map((r) => [r.id, textsOf('sobreposicao' in r ? r.sobreposicao : r)])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const saveModel = useAdminWrite(adminWrites.saveModelRules);
  const saveDevice = useAdminWrite(adminWrites.saveDeviceRules);
  const write = kind === 'modelo' ? saveModel : saveDevice;
  const set = (ruleId: number, field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = e.currentTarget;
    setTexts((all) => ({ ...all, [ruleId]: { ...(all[ruleId] as Texts), [field]: value } }));
  };

  const submit = () => {
    const parsed = [];
    for (const rule of rules) {
      const t = texts[rule.id] as Texts;
      const numbers = {
        limite: rule.tipo === 'bit' ? null : numberOf(t.limite),
        atraso: rule.tipo === 'communication' ? null : numberOf(t.atraso),
        critico: numberOf(t.critico),
      };
      if (Object.values(numbers).includes(undefined)) {
        setProblem(`Número inválido na regra ${rule.mensagem}.`);
        return;
      }
      parsed.push({ rule, ...numbers, mensagem: t.mensagem.trim() || null });
    }
    setProblem(null);
    const done = {
      onSuccess: () => {
        notifySuccess(ALARM_RULE_MESSAGES.saved);
        onClose();
      },
    };
    if (kind === 'modelo') {
      saveModel.mutate(
        {
          id,
          regras: parsed.map((p) => ({
            id: p.rule.id,
            limite: p.limite ?? null,
            atraso: p.atraso ?? 0,
            critico: p.critico ?? Number.NaN,
            mensagem: p.mensagem ?? '',
          })),
        },
        done,
      );
    } else {
      saveDevice.mutate(
        {
          id,
          regras: parsed
            .filter((p) => p.limite != null || p.atraso != null || p.critico != null || p.mensagem)
            .map((p) => ({
              id: p.rule.id,
              limite: p.limite ?? null,
              atraso: p.atraso ?? null,
              critico: p.critico ?? null,
              mensagem: p.mensagem,
            })),
        },
        done,
      );
    }
  };

  return (
    <AdminFormDialog
      title={title}
      size="xl"
      error={problem ?? write.error}
      pending={write.isPending}
      canSave={!readOnly && rules.length > 0}
      onClose={onClose}
      onSubmit={submit}
    >
      <Text size="sm" c="gray.8">
        {kind === 'dispositivo'
          ? 'Um campo vazio segue o modelo (o valor dele aparece no campo). A mudança vale a partir da próxima leitura.'
          : readOnly
            ? 'Um modelo vale para os dispositivos de todos os sistemas: só administradores da plataforma o alteram. Ajuste um dispositivo pela aba Dispositivos.'
            : 'Vale para todos os dispositivos deste modelo, em todos os sistemas, a partir da próxima leitura (menos os campos que um dispositivo sobrepõe).'}
      </Text>
      {rules.length === 0 && <Text>Este modelo não tem regras de alarme.</Text>}
      {rules.map((rule) => {
        const t = texts[rule.id] as Texts;
        const base = 'modelo' in rule ? textsOf(rule.modelo) : undefined;
        const input = (field: Field, label: string, extra: object = {}) => (
          <TextInput
            label={label}
            value={t[field]}
            onChange={set(rule.id, field)}
            disabled={readOnly}
            placeholder={base?.[field]}
            {...extra}
          />
        );
        return (
          <Fieldset key={rule.id} legend={rule.mensagem} variant="filled" p="sm">
            <Text size="xs" c="gray.8" mb={6}>
              {alarmRuleSummary(rule)}
            </Text>
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, xs: 4, md: 2 }}>
                {rule.tipo === 'bit' ? (
                  <TextInput label="Limite" value="—" disabled readOnly />
                ) : (
                  input(
                    'limite',
                    rule.tipo === 'communication' ? 'Sem comunicação (s)' : 'Limite',
                    { inputMode: 'decimal' },
                  )
                )}
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 4, md: 2 }}>
                {rule.tipo === 'communication' ? (
                  <TextInput label="Atraso (s)" value="—" disabled readOnly />
                ) : (
                  input('atraso', 'Atraso (s)', { inputMode: 'numeric' })
                )}
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 4, md: 2 }}>
                {input('critico', 'Criticidade', { inputMode: 'numeric', description: '1 a 99' })}
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                {input('mensagem', 'Mensagem', { maxLength: 120 })}
              </Grid.Col>
            </Grid>
          </Fieldset>
        );
      })}
    </AdminFormDialog>
  );
}
