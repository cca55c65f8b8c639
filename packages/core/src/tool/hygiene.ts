/**
 * What to do with a tool the poisoning detector flags: refuse it, accept it with findings, or
 * skip the scan. Imported tools are quarantined instead when quarantine is on (the default).
 */
export type HygieneMode = 'reject' | 'flag' | 'off';
