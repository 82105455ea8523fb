import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  HEALTH_PLAN_PATHS,
  type HealthPlanUpdateBody,
  type HealthPlanUpdateResponse,
} from '@vigia/contract';
import { MESSAGES } from '@vigia/domain';
import { request } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { reloadInfiniteLists } from '../../../ui/table/infiniteData';
import { HEALTH_PLAN_KEY } from './get-health-plan-list';

/** Saves an occurrence's reason (`motivoEdit`) on the same origin (ARCHITECTURE.md). */
export function saveHealthPlanReason(
  body: HealthPlanUpdateBody,
): Promise<HealthPlanUpdateResponse> {
  return request<HealthPlanUpdateResponse>(HEALTH_PLAN_PATHS.update, {
    method: 'POST',
    json: body,
    quiet: true,
  });
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
