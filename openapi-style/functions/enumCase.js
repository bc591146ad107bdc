// VIREO enum values that are identifiers of VIREO's own are camelCase (overview, "Requests and
// responses": member names are camelCase, and values follow them). A snake_case value is the
// drift this catches; names that a standard defines are exceptions in the ruleset's overrides.
export default function enumCase(values) {
  if (!Array.isArray(values)) return [];
  return values
    .map((v, i) => [v, i])
    .filter(([v]) => typeof v === 'string' && /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(v))
    .map(([v, i]) => ({message: `enum value ${v} is snake_case; VIREO values are camelCase`, path: [i]}));
}
