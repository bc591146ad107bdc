// Checks the member names of one schema's `properties`: camelCase (overview, "Requests and
// responses"), and timestamps named as the overview's examples name them (createdAt,
// updatedAt), not created, createdTime, updated or modified. A member marked deprecated is
// kept for compatibility and not checked.
const TIMESTAMP = {
  created: 'createdAt',
  createdTime: 'createdAt',
  creationTime: 'createdAt',
  creationDate: 'createdAt',
  updated: 'updatedAt',
  updatedTime: 'updatedAt',
  modified: 'updatedAt',
  modifiedAt: 'updatedAt',
  lastModified: 'updatedAt',
  lastModifiedTime: 'updatedAt',
  lastUpdated: 'updatedAt',
};

export default function memberNames(properties, options, context) {
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return [];
  // `properties` in an example (a GeoJSON feature, say) is data, not a schema: skip it.
  if (!Object.values(properties).every((s) => typeof s === 'object' && s !== null && !Array.isArray(s))) return [];
  const out = [];
  for (const [name, schema] of Object.entries(properties)) {
    if (schema && schema.deprecated === true) continue;
    if (options.check === 'camelCase' && !/^[a-z][a-zA-Z0-9]*$/.test(name))
      out.push({message: `member ${name} is not camelCase`, path: [...context.path, name]});
    // A timestamp is a date-time string; a count named `created` (of imported users, say) is not.
    const isTime =
      schema &&
      (schema.format === 'date-time' ||
        (Array.isArray(schema.oneOf) && schema.oneOf.some((s) => s && s.format === 'date-time')));
    if (options.check === 'timestamps' && TIMESTAMP[name] && isTime)
      out.push({message: `member ${name}: name timestamps ${TIMESTAMP[name]}`, path: [...context.path, name]});
  }
  return out;
}
