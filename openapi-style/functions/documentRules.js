// Document-level VIREO conventions (overview, "Addressing and versions"): the server URL is
// https://{device}/vireo/<api-id>/v<major> with the major of info.version, and the shared
// security schemes are the ones of common.yaml.
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

export default function documentRules(doc, options) {
  if (!isObject(doc)) return [];
  const out = [];
  if (options.check === 'server') {
    const apiId = doc.info?.['x-lykta-api-id'];
    // A beta API before 1.0.0 is served at v1 (overview, discovery example: analytics-mqtt 0.9.0 at v1).
    const major = Math.max(1, Number(String(doc.info?.version ?? '').split('.')[0]));
    const expected = `https://{device}/vireo/${apiId}/v${major}`;
    if (typeof apiId !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(apiId))
      out.push({message: 'info.x-lykta-api-id must be a lowercase, hyphenated identifier', path: ['info']});
    if (doc.servers?.[0]?.url !== expected)
      out.push({message: `servers[0].url must be ${expected}`, path: ['servers']});
  }
  if (options.check === 'securitySchemes') {
    const schemes = doc.components?.securitySchemes ?? {};
    for (const name of ['digest', 'basic', 'oauth2']) {
      const s = schemes[name];
      if (!isObject(s) || s.$ref !== `../common.yaml#/components/securitySchemes/${name}`)
        out.push({
          message: `components.securitySchemes.${name} must be $ref ../common.yaml#/components/securitySchemes/${name}`,
          path: ['components', 'securitySchemes'],
        });
    }
    for (const name of Object.keys(schemes))
      if (!['digest', 'basic', 'oauth2'].includes(name))
        out.push({
          message: `security scheme ${name} is not a VIREO scheme`,
          path: ['components', 'securitySchemes', name],
        });
  }
  return out;
}
