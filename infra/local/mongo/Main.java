import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

/** Runs mongo-java-server (in-memory backend) on HOST:PORT until killed. Args: [host] [port]. */
public class Main {
    public static void main(String[] args) throws Exception {
        String host = args.length > 0 ? args[0] : "127.0.0.1";
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 27018;
        MongoServer server = new MongoServer(new MemoryBackend());
        Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow));
        server.bind(host, port);
        System.out.println("mongo-java-server listening on " + host + ":" + port);
        Thread.currentThread().join();
    }
}
