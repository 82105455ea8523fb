import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HealthPlanUpdateBody, HealthPlanUpdateResponse } from '@vigia/contract';
import { API } from '@vigia/contract/api';
import { MESSAGES } from '@vigia/domain';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { reloadInfiniteLists } from '../../../ui/table/infiniteData';
import { HEALTH_PLAN_KEY } from './get-health-plan-list';

/** Saves an occurrence's reason (`motivoEdit`) on the same origin (ARCHITECTURE.md). */
export function saveHealthPlanReason(
  body: HealthPlanUpdateBody,
): Promise<HealthPlanUpdateResponse> {
  return call(API.healthPlan.update, { body }, { quiet: true });
}

/** Spec 001 §8: 'Motivo cadastrada com sucesso.' / 'Motivo não cadastrada.'. */
export function useSaveHealthPlanReason() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveHealthPlanReason,
    onSuccess: () => {
      notifySuccess(MESSAGES.reasonSaved);
      return reloadInfiniteLists(client, HEALTH_PLAN_KEY);
    },
    onError: () => notifyError(MESSAGES.reasonSaveFailed),
  });
}
