import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {PerformanceSettings} from './performance';

/** The performance customisations this build was made with (docusaurus.config.ts, customFields.performance). */
export default function usePerformanceSettings(): PerformanceSettings {
  return useDocusaurusContext().siteConfig.customFields!.performance as PerformanceSettings;
}
