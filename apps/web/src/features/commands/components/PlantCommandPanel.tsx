import { usePlantDevice } from '../api/get-plant-device';
import { CommandPanel } from './CommandPanel';

/** A plant's overview: its commands go to the plant's own device. */
export function PlantCommandPanel({ usinaId }: { usinaId: number }) {
  const device = usePlantDevice(usinaId);
  if (!device.data) return null;
  return <CommandPanel deviceId={device.data} />;
}
