"""Test double of ``paho.mqtt.client`` 2.x, for running the pages' MQTT consumers in the content checks.

It has the constructor, methods and callback signatures of paho-mqtt 2.1 that the examples use,
and checks them as paho does (a missing or 1.x callback API version, clean_session with MQTT 5).
Instead of a network connection, ``loop_forever`` calls ``on_connect`` and ``on_subscribe``, then
``on_message`` for each message of the JSON file named by ``LYKTA_MQTT_MESSAGES`` (a list of
``{"topic": …, "payload": <object or string>, "qos": …}``) whose topic matches a subscription, and
returns. As in paho 2.x, an exception raised in a callback propagates out of the loop.
"""

import enum
import json
import os

MQTTv31 = 3
MQTTv311 = 4
MQTTv5 = 5
MQTT_ERR_SUCCESS = 0


class CallbackAPIVersion(enum.Enum):
    VERSION1 = 1
    VERSION2 = 2


class ReasonCode:
    """A reason code as paho 2.x passes it: ``is_failure`` and a readable name."""

    def __init__(self, value=0):
        self.value = value

    @property
    def is_failure(self):
        return self.value >= 0x80

    def __eq__(self, other):
        return self.value == (other.value if isinstance(other, ReasonCode) else other)

    def __str__(self):
        return "Success" if self.value == 0 else f"Granted QoS {self.value}" if self.value < 0x80 else "Failure"


class ConnectFlags:
    session_present = False


class DisconnectFlags:
    is_disconnect_packet_from_server = False


class MQTTMessage:
    def __init__(self, topic, payload, qos=0, retain=False, mid=0):
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
        self.mid = mid


def topic_matches_sub(sub, topic):
    """MQTT topic filter matching with ``+`` and ``#``, as paho's helper of the same name."""
    s, t = sub.split("/"), topic.split("/")
    for i, part in enumerate(s):
        if part == "#":
            return True
        if i >= len(t) or (part != "+" and part != t[i]):
            return False
    return len(s) == len(t)


def load_messages():
    path = os.environ.get("LYKTA_MQTT_MESSAGES")
    if not path:
        raise RuntimeError("test double: LYKTA_MQTT_MESSAGES names no message file")
    with open(path, encoding="utf-8") as f:
        items = json.load(f)
    out = []
    for mid, item in enumerate(items, start=1):
        payload = item["payload"]
        data = payload.encode() if isinstance(payload, str) else json.dumps(payload).encode()
        out.append(MQTTMessage(item["topic"], data, item.get("qos", 0), item.get("retain", False), mid))
    return out


class Client:
    def __init__(self, callback_api_version=None, client_id="", clean_session=None, userdata=None,
                 protocol=MQTTv311, transport="tcp", reconnect_on_failure=True, manual_ack=False):
        if not isinstance(callback_api_version, CallbackAPIVersion):
            raise ValueError("Unsupported callback API version: version 2.0 added a callback_api_version, see docs/migrations.rst for details")
        if callback_api_version is not CallbackAPIVersion.VERSION2:
            raise ValueError("test double: only CallbackAPIVersion.VERSION2 is modelled")
        if protocol == MQTTv5 and clean_session is not None:
            raise ValueError("Clean session is not used for MQTT 5.0")
        self._userdata = userdata
        self._manual_ack = manual_ack
        self._subscriptions = []
        self._pending_subscribes = []
        self._host = None
        self._mid = 0
        self.on_connect = None
        self.on_subscribe = None
        self.on_message = None
        self.on_disconnect = None
        self.on_publish = None

    def username_pw_set(self, username, password=None):
        self._username = username

    def tls_set(self, ca_certs=None, certfile=None, keyfile=None, cert_reqs=None, tls_version=None,
                ciphers=None, keyfile_password=None, alpn_protocols=None):
        self._tls = True

    def reconnect_delay_set(self, min_delay=1, max_delay=120):
        if min_delay > max_delay:
            raise ValueError("min_delay must be at most max_delay")

    def manual_ack_set(self, on):
        self._manual_ack = bool(on)

    def ack(self, mid, qos):
        return MQTT_ERR_SUCCESS

    def user_data_set(self, userdata):
        self._userdata = userdata

    def connect(self, host, port=1883, keepalive=60, bind_address="", bind_port=0, clean_start=3, properties=None):
        if not host:
            raise ValueError("Invalid host.")
        self._host = host
        return MQTT_ERR_SUCCESS

    connect_async = connect

    def subscribe(self, topic, qos=0, options=None, properties=None):
        topics = [(topic, qos)] if isinstance(topic, str) else list(topic)
        for t, q in topics:
            if not isinstance(t, str) or not 0 <= q <= 2:
                raise ValueError("Invalid subscription")
        self._mid += 1
        self._subscriptions.extend(t for t, _ in topics)
        self._pending_subscribes.append((self._mid, [ReasonCode(q) for _, q in topics]))
        return (MQTT_ERR_SUCCESS, self._mid)

    def publish(self, topic, payload=None, qos=0, retain=False, properties=None):
        self._mid += 1
        return MessageInfo(self._mid)

    def disconnect(self, reasoncode=None, properties=None):
        return MQTT_ERR_SUCCESS

    def _run(self):
        if self._host is None:
            raise RuntimeError("loop started before connect()")
        if self.on_connect:
            self.on_connect(self, self._userdata, ConnectFlags(), ReasonCode(0), None)
        for mid, codes in self._pending_subscribes:
            if self.on_subscribe:
                self.on_subscribe(self, self._userdata, mid, codes, None)
        self._pending_subscribes = []
        for message in load_messages():
            if any(topic_matches_sub(s, message.topic) for s in self._subscriptions) and self.on_message:
                self.on_message(self, self._userdata, message)
        if self.on_disconnect:
            self.on_disconnect(self, self._userdata, DisconnectFlags(), ReasonCode(0), None)

    def loop_forever(self, timeout=1.0, retry_first_connection=False):
        self._run()
        return MQTT_ERR_SUCCESS

    def loop_start(self):
        return MQTT_ERR_SUCCESS

    def loop_stop(self):
        return MQTT_ERR_SUCCESS


class MessageInfo:
    def __init__(self, mid):
        self.mid = mid
        self.rc = MQTT_ERR_SUCCESS

    def wait_for_publish(self, timeout=None):
        return None

    def is_published(self):
        return True
