import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {PagePerformanceSettings} from './performance';

/** The performance customisations this build was made with (docusaurus.config.ts, customFields.performance). */
export default function usePerformanceSettings(): PagePerformanceSettings {
  return useDocusaurusContext().siteConfig.customFields!.performance as PagePerformanceSettings;
}
