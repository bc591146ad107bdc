import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {areas} from './_components/areas';
import styles from './index.module.css';

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Layout description="Developer documentation for Lykta cameras, audio, intercom, access-control and radar devices: the LEAP SDK, the VIREO device APIs, analytics, video and computer vision.">
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1">{siteConfig.title}</Heading>
          <p className={styles.tagline}>
            {siteConfig.tagline}: build on-device applications with the LEAP SDK, call the VIREO APIs of Lykta devices,
            consume analytics and scene metadata, integrate video, and run computer vision on the device.
          </p>
        </div>
      </header>
      <main className="container">
        <ul className={styles.cards} aria-label="Documentation areas">
          {areas.map((area) => (
            <li key={area.to}>
              <Link className={styles.card} to={area.to}>
                <Heading as="h2">{area.title}</Heading>
                <p>{area.description}</p>
              </Link>
            </li>
          ))}
        </ul>
        <section className={styles.quickstart}>
          <Heading as="h2">Where to start</Heading>
          <ul>
            <li>
              Calling a device from your own software? Start at the <Link to="/vireo/">VIREO reference</Link>: its
              conventions page explains discovery, roles and errors once for every API.
            </li>
            <li>
              Putting code on the device? Read the <Link to="/leap/">LEAP introduction</Link>, then pick the SDK version
              that matches your LyktaOS track.
            </li>
            <li>
              Scripting a fleet from a terminal? The{' '}
              <Link to="/references/command-line-interface/">lyk command-line reference</Link> lists every command, flag
              and exit code.
            </li>
          </ul>
        </section>
      </main>
    </Layout>
  );
}
