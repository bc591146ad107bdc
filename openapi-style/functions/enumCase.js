// VIREO enum values that are identifiers of VIREO's own are camelCase (overview, "Lists and time
// ranges"). A snake_case value is the drift this catches; the values a standard defines, and those
// released before the rule, are listed per document in the ruleset (`exceptions`), with reasons.
export default function enumCase(values, options, context) {
  if (!Array.isArray(values)) return [];
  const source = String(context.document.source ?? '');
  const allowed = new Set(
    Object.entries(options?.exceptions ?? {})
      .filter(([file]) => source.endsWith(`/${file}`))
      .flatMap(([, list]) => list),
  );
  return values
    .map((v, i) => [v, i])
    .filter(([v]) => typeof v === 'string' && /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(v) && !allowed.has(v))
    .map(([v, i]) => ({
      message: `enum value ${v} is snake_case; VIREO values are camelCase`,
      path: [...context.path, i],
    }));
}
