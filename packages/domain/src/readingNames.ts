/**
 * The reading (tag) names the spec's rules read (spec 001 §2 "Readings used by
 * panels", §4, §5): one vocabulary for the server, the simulator and the
 * console, so a rule and the screens that apply it name a reading the same way.
 */
export const READING = {
  /** Generator status word: 64 'GMG ON', 2048 'GMG OFF'. */
  generatorStatus: 'statusGMG',
  /** Generator mode bitmask: 1 Parado, 2 Manual, 4 Semi, 8 Auto, 16 Teste. */
  generatorMode: 'modoWeb',
  loadSpeed: 'LoadSpeed',
  activePower: 'kW',
  apparentPower: 'kVA',
  frequency: 'Hz',
  oilTemperature: 'OilTemp',
  oilPressure: 'PO',
  batteryVoltage: 'Vcc',
  starts: 'Partidas',
  hourMeter: 'horimetro',
  fuelLevel: 'fuelLevel',
  fuelPercent: 'combustivelPercent',
  /** Litres the engine has burnt since it was put in service: a counter, like the hour meter. */
  fuelTotal: 'combustivelTotal',
  /** Group switch word: 1024 or 16384 FECHADA. */
  groupSwitch: 'chaveGrupo',
  /** Mains switch word: 32768 FECHADA. */
  mainsSwitch: 'chaveRede',
  /** Mains status word: bit 256 Anormal. */
  mainsStatus: 'statusRede',
  upsMode: 'statusUPS1',
  upsAlarms: 'statusUPS2',
  upsBreakers: 'statusUPS3',
  inverterAutomation: 'automacao',
  inverterStatus: 'statusInversor',
  tankLevel: 'nivel',
  tankLitres: 'litros',
  tankTemperature: 'temperatura',
  meterEnergy: 'KWH_TOTAL_H',
} as const;

export type ReadingName = (typeof READING)[keyof typeof READING];
