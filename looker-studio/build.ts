/** `npm run build:looker-studio`: writes dist/looker-studio/ (see looker-studio/build/index.ts). */
import { buildLookerStudio } from './build/index.js';

const result = await buildLookerStudio();
console.log(
  `looker-studio: wrote ${result.outDir} (Code.js ${Math.round(result.codeBytes / 1024)} KB) for ${result.serviceUrl}`,
);
if (result.isPlaceholder) {
  console.log(
    'looker-studio: AIVIS_SERVICE_URL is not set; the placeholder address is used. Set it to the service address before npm run looker:push.',
  );
}
