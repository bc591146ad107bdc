"""Test double of ``paho.mqtt.subscribe`` 2.x: ``callback()`` with the parameters of paho 2.1 (see client.py)."""

from . import client as mqtt


def callback(callback, topics, qos=0, userdata=None, hostname="localhost", port=1883, client_id="",
             keepalive=60, will=None, auth=None, tls=None, protocol=mqtt.MQTTv311, transport="tcp",
             clean_session=True, proxy_args=None):
    if qos < 0 or qos > 2:
        raise ValueError("qos must be in the range 0-2")
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, userdata=userdata,
                    protocol=protocol, transport=transport,
                    clean_session=clean_session if protocol != mqtt.MQTTv5 else None)
    if auth is not None:
        c.username_pw_set(auth["username"], auth.get("password"))
    if tls is not None:
        c.tls_set(**tls) if isinstance(tls, dict) else None
    c.on_message = callback
    c.connect(hostname, port, keepalive)
    c.subscribe([(t, qos) for t in ([topics] if isinstance(topics, str) else topics)])
    c.loop_forever()
