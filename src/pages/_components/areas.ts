/** The areas of the Developer Hub shown as cards on the home page. */
export interface Area {
  title: string;
  to: string;
  description: string;
}

export const areas: readonly Area[] = [
  {
    title: 'Video streaming and recording',
    to: '/video-streaming-and-recording/',
    description: 'RTSP and RTP streams, AV1 integration, signed video and Zipstream bitrate reduction.',
  },
  {
    title: 'Analytics',
    to: '/analytics/',
    description: 'Object analytics, scene metadata over MQTT and RTSP, cloud telemetry and radar.',
  },
  {
    title: 'Computer vision',
    to: '/computer-vision/',
    description: 'Run your own int8 models on the DLPU: conversion, quantization and testing on the device.',
  },
  {
    title: 'VIREO device API',
    to: '/vireo/',
    description: 'The HTTP APIs of every Lykta device, with OpenAPI documents, roles and examples.',
  },
  {
    title: 'LEAP SDK',
    to: '/leap/',
    description: 'Build, sign and install on-device applications with the Lykta Edge Application Platform.',
  },
  {
    title: 'Guidelines',
    to: '/guidelines/',
    description: 'Principles for robust integrations: versioning, errors, least privilege and testing.',
  },
  {
    title: 'Support',
    to: '/support/',
    description: 'Where to ask, what to include in a report and how to report a security issue.',
  },
  {
    title: 'Blog',
    to: '/blog/',
    description: 'Announcements of significant changes to this documentation.',
  },
];
