import type { Contract } from '@vigia/contract';
import { CONTRACT_STATUS_LABEL, formatContractDay } from '@vigia/domain';
import type { ExcelColumn } from '../../../lib/excel';
import { scopeLabel } from './ContractTable';

/** The list as exported: the table's columns, every device named, and the notes. */
export const CONTRACT_EXCEL_COLUMNS: readonly ExcelColumn<Contract>[] = [
  { header: 'Número', value: (c) => c.numero },
  { header: 'Cliente', value: (c) => c.cliente },
  { header: 'Abrangência', value: scopeLabel },
  { header: 'Dispositivos', value: (c) => c.dispositivos.map((d) => d.nome).join(', ') },
  { header: 'Início', value: (c) => formatContractDay(c.inicio) },
  { header: 'Fim', value: (c) => formatContractDay(c.fim) },
  { header: 'Situação', value: (c) => CONTRACT_STATUS_LABEL[c.status] },
  { header: 'Observações', value: (c) => c.observacao },
];
