/** `npm run build:apps-script`: writes dist/apps-script/ (see apps-script/build/index.ts). */
import { buildAppsScript } from './build/index.js';

const result = await buildAppsScript();
console.log(
  `apps-script: wrote ${result.outDir} (Code.js ${Math.round(result.codeBytes / 1024)} KB) for ${result.serviceUrl}`,
);
if (result.isPlaceholder) {
  console.log(
    'apps-script: AIVIS_SERVICE_URL is not set; the placeholder address is used. Set it to the service address before clasp push.',
  );
}
