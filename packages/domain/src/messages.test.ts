import { describe, expect, it } from 'vitest';
import {
  emptyTableMessage,
  INVALID_TOKEN_ERROR,
  MESSAGES,
  NEVER_COMMUNICATED,
  PLACEHOLDER_MISSING,
  PLACEHOLDER_NUMBER,
  STALE_LABEL,
} from './messages.js';

describe('MESSAGES: spec texts word for word', () => {
  it.each([
    ['userBlocked', 'Usuário bloqueado. Entrar em contato com o suporte.'],
    ['invalidCredentials', 'Usuário ou Senha inválidos!'],
    ['confirmHeader', 'Atenção:'],
    ['yes', 'Sim'],
    ['no', 'Não'],
    ['emptyTable', 'Nenhum {item} encontrado.'],
    ['ackSuccess', 'Alarme(s) reconhecido(s) com sucesso'],
    ['ackFailed', 'Erro ao reconhecer Alarme(s)'],
    ['ackConfirm', 'Deseja realmente reconhecer esse(s) alarme(s)?'],
    ['commandSent', 'Comando enviado com sucesso.'],
    ['commandFailed', 'Comando não pode ser enviado.'],
    ['noCommandSelected', 'Nenhum comando selecionado.'],
    ['commandConfirm', 'Deseja realizar o comando?'],
    ['fuelSaveFailed', 'Problemas na adição de entradas.'],
    ['fuelSaved', 'Entradas adicionadas com sucesso!'],
    ['configSaveFailed', 'Problemas na adição de Configurações.'],
    ['configSaved', 'Configurações alteradas com sucesso!'],
    ['fuelAddConfirm', 'Deseja adicionar consumos?'],
    ['configChangeConfirm', 'Deseja alterar configurações?'],
    ['commentDeleteConfirm', 'Deseja realmente apagar esse comentário?'],
    ['commentDeleteFailed', 'Comentario não pode ser apagado'],
    ['commentDeleted', 'Comentario apagado com sucesso!'],
    ['scheduleSaveFailed', 'Problema no cadastramento de usuário'],
    ['scheduleSaved', 'Usuário Cadastrado'],
    ['scheduleRemoveFailed', 'Problema na Remoção de usuário'],
    ['scheduleRemoved', 'Usuário Removido.'],
    ['scheduleFieldsRequired', 'Todos os campos devem ser preenchidos.'],
    ['scheduleTimesIncompatible', 'Horario de entrada e saída incompatíveis.'],
    ['reasonSaveFailed', 'Motivo não cadastrada.'],
    ['reasonSaved', 'Motivo cadastrada com sucesso.'],
    ['passwordChanged', 'Senha alterada com sucesso!'],
    ['endBeforeStart', 'Data Final menor que Data Inicial.'],
    ['periodTooLong', 'Por favor, selecione um periodo menor que 31 dias.'],
    ['noReportForDate', 'Nenhum relatório para data filtrada.'],
    ['inverterFailure', 'FALHA'],
    ['commandSafetySend', 'Enviar'],
    ['commandSafetyCancel', 'Cancelar'],
  ] as const)("%s is '%s'", (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('every message is a non-empty text', () => {
    for (const text of Object.values(MESSAGES)) expect(text.trim().length).toBeGreaterThan(0);
  });
});

describe('placeholders (spec 000 §8)', () => {
  it("'--' for a missing value, '---' for a missing number or date, 'NUNCA COMUNICOU'", () => {
    expect(PLACEHOLDER_MISSING).toBe('--');
    expect(PLACEHOLDER_NUMBER).toBe('---');
    expect(NEVER_COMMUNICATED).toBe('NUNCA COMUNICOU');
    expect(STALE_LABEL).toBe('DESATUALIZADO');
    expect(INVALID_TOKEN_ERROR).toBe('invalid_token');
  });
});

describe('emptyTableMessage', () => {
  it.each([
    ['alarme', 'Nenhum alarme encontrado.'],
    ['dispositivo', 'Nenhum dispositivo encontrado.'],
    ['sistema', 'Nenhum sistema encontrado.'],
    ['escala', 'Nenhuma escala encontrada.'],
    ['usina', 'Nenhuma usina encontrada.'],
    ['ocorrência', 'Nenhuma ocorrência encontrada.'],
  ])("'Nenhum {item} encontrado.' with %s, in agreement", (item, expected) => {
    expect(emptyTableMessage(item)).toBe(expected);
  });
});
